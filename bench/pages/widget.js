// Bench widget. `mode=sdk` (default): calls platform.initialize() at once and records when it
// resolved, and when each penpal handshake message arrived. `mode=raw`: instead times six cold
// raw window.postMessage round trips to the panel from the same point. `late=1`: either starts
// only after the load event and 100 ms of quiet. `warm=1`: then times warm back-to-back raw
// round trips. `report=1`: posts its state to the panel when done. Exposes `window.bench` for
// the harness: timed loops of the SDK call, the raw floors and (with `peers=1`) bare penpal,
// comlink and post-robot, over the same two frames (`peers=penpal`: bare penpal alone).
// `dialog=1`: once initialized, asks for consent (`getSessionToken`), which opens the host's
// first dialog, and posts when it asked (the first-dialog bench, first-dialog.js).
const scriptStart = performance.now()
const params = new URLSearchParams(location.search)
const app = params.get('app') ?? 'w0'
const mode = params.get('mode') ?? 'sdk'
const late = params.get('late') === '1'
const peers = params.get('peers')
const PANEL = document.querySelector('meta[name=panel-origin]').content
const REQUEST = { scope: ['provider.profile.read'] }
const state = {
  mark: window.__benchMark,
  scriptStart,
  start: scriptStart,
  // penpal messages from the panel, recorded from before platform.js ran (instrument.js).
  handshake: window.__benchPenpal,
  timeOrigin: performance.timeOrigin,
}
state.done = false
state.ready = false
window.benchState = state

let seq = 0
const ping = () => ({ benchPing: ++seq, scope: REQUEST.scope })

// Raw window.postMessage ping-pong: one listener, one pending resolver.
let pmResolve
window.addEventListener('message', (event) => {
  if (event.source !== window.parent || event.origin !== PANEL) return
  if (event.data?.benchPong === undefined) return
  const resolve = pmResolve
  pmResolve = undefined
  resolve?.(event.data)
})
const pmPing = () =>
  new Promise((resolve) => {
    pmResolve = resolve
    window.parent.postMessage(ping(), PANEL)
  })

// Raw MessageChannel ping-pong, the port handed to the panel once.
let mcResolve
const mc = new MessageChannel()
mc.port1.onmessage = (event) => {
  const resolve = mcResolve
  mcResolve = undefined
  resolve?.(event.data)
}
const mcPing = () =>
  new Promise((resolve) => {
    mcResolve = resolve
    mc.port1.postMessage(ping())
  })

const callers = {
  sdk: () => window.platform.getSessionToken(REQUEST),
  mc: mcPing,
  pm: pmPing,
}

const load = (src) =>
  new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = src
    script.onload = resolve
    script.onerror = () => reject(new Error(`cannot load ${src}`))
    document.head.append(script)
  })

async function setupPeers(only) {
  await load('/node_modules/penpal/dist/penpal.min.js')
  const { Penpal } = window
  // Bare penpal, its own channel beside the SDK's connection: the host exposes `ping`.
  const messenger = new Penpal.WindowMessenger({
    remoteWindow: window.parent,
    allowedOrigins: [PANEL],
  })
  const penpal = await Penpal.connect({ messenger, channel: 'bench' }).promise
  callers.penpal = () => penpal.ping(ping())
  if (only === 'penpal') return
  await load('/node_modules/comlink/dist/umd/comlink.min.js')
  await load('/node_modules/post-robot/dist/post-robot.min.js')
  const { Comlink, postRobot } = window
  const viaWindow = Comlink.wrap(Comlink.windowEndpoint(window.parent, self, PANEL))
  const channel = new MessageChannel()
  window.parent.postMessage({ benchComlinkPort: true }, PANEL, [channel.port2])
  channel.port1.start()
  const viaPort = Comlink.wrap(channel.port1)
  callers.comlink = () => viaWindow.ping(ping())
  callers['comlink-port'] = () => viaPort.ping(ping())
  callers['post-robot'] = () =>
    postRobot.send(window.parent, 'ping', ping(), { domain: PANEL }).then((r) => r.data)
}

/** This frame's `bench`, or that of the frame of `name` beside it in the panel (same origin). */
const sibling = (name) => {
  if (name === app) return window.bench
  for (let i = 0; i < window.parent.length; i++) {
    try {
      if (window.parent[i].benchApp === name) return window.parent[i].bench
    } catch {}
  }
  throw new Error(`no frame ${name} of this origin beside this one`)
}
window.benchApp = app

window.bench = {
  /** Runs `batches` batches of `perBatch` sequential calls; returns ms per call, per batch. */
  async measure(kind, batches, perBatch) {
    const fn = callers[kind]
    const out = []
    for (let b = 0; b < batches; b++) {
      const t = performance.now()
      for (let i = 0; i < perBatch; i++) await fn()
      out.push((performance.now() - t) / perBatch)
    }
    return out
  },
  /**
   * Isolated calls, as a widget makes them: each after `gap` ms of quiet, the kinds in turn;
   * returns ms per call by kind (each one timed alone, so at the 100 µs timer resolution).
   */
  async isolated(kinds, count, gap) {
    const out = Object.fromEntries(kinds.map((k) => [k, []]))
    for (let i = 0; i < count; i++) {
      for (const kind of kinds) {
        await new Promise((resolve) => setTimeout(resolve, gap))
        const t = performance.now()
        await callers[kind]()
        out[kind].push(performance.now() - t)
      }
    }
    return out
  },
  /**
   * A/B: batches of `perBatch` calls of each kind, here and in the sibling frames named by
   * `apps` (widgets of this origin in the same panel, so in this process and reachable), in
   * turn, the order rotating and reversing from round to round; `rounds` batches of each.
   * Returns ms per call, per batch, by app and kind.
   */
  async interleave(apps, kinds, rounds, perBatch) {
    const benches = apps.map(sibling)
    const out = Object.fromEntries(
      apps.map((a) => [a, Object.fromEntries(kinds.map((k) => [k, []]))]),
    )
    const pairs = kinds.flatMap((kind) => apps.map((_, i) => [i, kind]))
    for (let r = 0; r < rounds; r++) {
      const order = pairs.map((_, i) => pairs[(i + r) % pairs.length])
      for (const [i, kind] of r % 2 ? order.reverse() : order) {
        out[apps[i]][kind].push(...(await benches[i].measure(kind, 1, perBatch)))
      }
    }
    return out
  },
  /** A/B: isolated calls, as {@link isolated}, each kind in each of `apps` in turn. */
  async isolatedAb(apps, kinds, count, gap) {
    const benches = apps.map(sibling)
    const out = Object.fromEntries(
      apps.map((a) => [a, Object.fromEntries(kinds.map((k) => [k, []]))]),
    )
    for (let n = 0; n < count; n++) {
      for (const kind of kinds) {
        for (const i of n % 2 ? [...apps.keys()].reverse() : apps.keys()) {
          await new Promise((resolve) => setTimeout(resolve, gap))
          const [t] = await benches[i].isolated([kind], 1, 0).then((r) => r[kind])
          out[apps[i]][kind].push(t)
        }
      }
    }
    return out
  },
  /** `count` calls in flight at once; returns the total ms. */
  async concurrent(kind, count) {
    const fn = callers[kind]
    const t = performance.now()
    await Promise.all(Array.from({ length: count }, () => fn()))
    return performance.now() - t
  },
}

async function main() {
  if (late) {
    if (document.readyState !== 'complete') {
      await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }))
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const start = performance.now()
  state.start = start
  if (mode === 'raw') {
    // Cold round trips from the same point the SDK starts its handshake, cumulative ms.
    state.cold = []
    for (let i = 0; i < 6; i++) {
      await pmPing()
      state.cold.push(performance.now() - start)
    }
  } else {
    await window.platform.initialize({ app_key: app })
    state.end = performance.now()
  }
  // When platform.js and this script finished downloading (resource timing).
  const downloaded = (file) =>
    performance.getEntriesByType('resource').find((entry) => entry.name.endsWith(file))
      ?.responseEnd ?? 0
  state.scriptsDownloaded = Math.max(
    downloaded('/dist/platform.js'),
    downloaded('/bench/pages/widget.js'),
  )
  window.parent.postMessage({ benchPort: true }, PANEL, [mc.port2])
  if (mode === 'raw') await window.platform.initialize({ app_key: app })
  if (params.get('warm') === 'pm') {
    // Warm raw window.postMessage round trips alone, fewer (the A/B handshake's divisor).
    await window.bench.measure('pm', 1, 100)
    state.warm = { pm: await window.bench.measure('pm', 20, 20), mc: [] }
  } else if (params.get('warm') === '1') {
    // Warm, back-to-back raw round trips in this same browser, for the handshake's ratios.
    await window.bench.measure('pm', 1, 300)
    await window.bench.measure('mc', 1, 300)
    state.warm = { pm: [], mc: [] }
    for (let round = 0; round < 5; round++) {
      for (const kind of ['pm', 'mc'])
        state.warm[kind].push(...(await window.bench.measure(kind, 20, 20)))
    }
  }
  if (params.get('dialog') === '1') {
    // The first-dialog bench: a call that opens the consent dialog, as soon as initialized.
    window.parent.postMessage(
      { benchAsked: performance.timeOrigin + performance.now(), app },
      PANEL,
    )
    window.platform.getSessionToken({ scope: ['provider.profile.read'] }).catch(() => {})
  }
  state.done = true
  if (params.get('report') === '1') window.parent.postMessage({ benchDone: state }, PANEL)
  if (peers) await setupPeers(peers)
  state.ready = true
}
main().catch((error) => {
  state.error = String(error?.stack ?? error)
  state.done = true
})
