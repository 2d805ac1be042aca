// Bench-only, loaded first in the bench host and widget pages. Always: records `__benchMark`
// (the time just before the next script tag runs), and, in a frame, when each penpal message
// from the parent reached this window (`__benchPenpal`): the SDK starts its handshake as
// platform.js runs, so the answer can come before the widget's own script runs. With `instrument=1` in the query: counts live
// event listeners (per target type) and live timers, through wrapped addEventListener and
// setTimeout, so the endurance run can see what a call leaves behind. Off otherwise, so the
// latency runs pay nothing for it.
if (new URLSearchParams(location.search).get('instrument') === '1') {
  const listeners = new WeakMap()
  const live = new Map()
  const kind = (target) => target?.constructor?.name ?? 'unknown'
  const key = (type, options) =>
    `${type}|${typeof options === 'boolean' ? options : Boolean(options?.capture)}`
  const add = EventTarget.prototype.addEventListener
  const remove = EventTarget.prototype.removeEventListener
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    if (listener) {
      if (!listeners.has(this)) listeners.set(this, new Map())
      const byListener = listeners.get(this)
      if (!byListener.has(listener)) byListener.set(listener, new Set())
      const keys = byListener.get(listener)
      const k = key(type, options)
      if (!keys.has(k)) {
        keys.add(k)
        const name = `${kind(this)}:${type}`
        live.set(name, (live.get(name) ?? 0) + 1)
      }
    }
    return add.call(this, type, listener, options)
  }
  EventTarget.prototype.removeEventListener = function (type, listener, options) {
    const keys = listeners.get(this)?.get(listener)
    const k = key(type, options)
    if (keys?.has(k)) {
      keys.delete(k)
      const name = `${kind(this)}:${type}`
      live.set(name, (live.get(name) ?? 1) - 1)
    }
    return remove.call(this, type, listener, options)
  }

  const timers = new Map()
  const set = window.setTimeout
  const clear = window.clearTimeout
  window.setTimeout = (handler, delay, ...args) => {
    let id
    const run =
      typeof handler === 'function'
        ? (...a) => {
            timers.delete(id)
            handler(...a)
          }
        : handler
    id = set(run, delay, ...args)
    timers.set(id, Number(delay) || 0)
    return id
  }
  window.clearTimeout = (id) => {
    timers.delete(id)
    clear(id)
  }

  window.__benchInstrument = {
    /** Live listeners added through addEventListener, by `Type:event`. */
    listeners: () => Object.fromEntries([...live].filter(([, n]) => n > 0)),
    /** Live (pending) timers, by delay in ms. */
    timers: () => {
      const byDelay = {}
      for (const delay of timers.values()) byDelay[delay] = (byDelay[delay] ?? 0) + 1
      return { count: timers.size, byDelay }
    },
    /** Clears pending timers of at least `minDelay` ms; returns how many. */
    clearTimers: (minDelay) => {
      let n = 0
      for (const [id, delay] of [...timers]) {
        if (delay >= minDelay) {
          window.clearTimeout(id)
          n++
        }
      }
      return n
    },
  }
}
window.__benchPenpal = []
if (window.parent !== window) {
  window.addEventListener(
    'message',
    (event) => {
      if (event.source === window.parent && event.data?.namespace === 'penpal') {
        const greeted = event.data.greeting !== undefined
        window.__benchPenpal.push({ type: event.data.type, at: performance.now(), greeted })
      }
    },
    true,
  )
}
window.__benchMark = performance.now()
