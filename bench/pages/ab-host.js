// A/B bench panel: the host shim of two builds in one page, each with its in-memory backend,
// each mounting one widget whose page loads the same build's platform.js (build A from
// bench/ab/a/dist, build B from bench/ab/b/dist, where the bench copies them). The two widgets
// (`aba`, `abb`) are on one origin (`ab.localhost`: each host has one widget, so neither sees a
// twin), so they share a renderer process and can reach each other, and the harness alternates
// the builds' calls from one loop in the page (widget.js `bench.interleave`); the two hosts share
// this page's thread: both builds meet the same conditions. One frame cannot hold both SDKs:
// each answers the window's handshake messages from its parent. Query: `first` (a or b): which
// build mounts first. With `loop=N` it instead mounts and unmounts each build's widget N times,
// alternating (B first every other time), then mounts a widget that times warm raw round trips
// (`abwarm`, of build A: the raw trips run no SDK code), collects what each reports in
// `window.handshakes` ({ a: [], b: [], warm: { pm, mc } }) and sets the title to "done". With
// `firstload=a` (or b) it loads that build alone and mounts its widget once (the first-load run,
// in a fresh browser): `window.firstLoad` gets the widget's report and this page's timings, and
// the title becomes "done".
// Also: the MessageChannel echo (the floor) and bare penpal, on its own channel, to each frame.

const params = new URLSearchParams(location.search)
const loop = Number(params.get('loop') ?? 0)
const first = params.get('first') === 'b' ? 'b' : 'a'
const firstLoad = params.get('firstload')
const BUILDS = firstLoad ? [firstLoad === 'b' ? 'b' : 'a'] : first === 'a' ? ['a', 'b'] : ['b', 'a']
const WIDGETS = new URL(document.querySelector('meta[name=widget-origin]').content)
const originOf = (app_key) => `${WIDGETS.protocol}//${app_key}.localhost:${WIDGETS.port}`
const ORIGIN = originOf('ab')
const SCOPE = ['provider.profile.read']
const TOKEN = 'st_00000000-0000-4000-8000-000000000000'
const pong = (data) => ({ benchPong: data.benchPing, value: TOKEN })

const load = (src) =>
  new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = src
    script.onload = resolve
    script.onerror = () => reject(new Error(`cannot load ${src}`))
    document.head.append(script)
  })

// The floor: a MessageChannel echo on the port each widget sends once initialized; and the warm
// widget's raw window.postMessage round trips, echoed.
window.addEventListener('message', (event) => {
  if (event.origin === originOf('abwarm') && event.data?.benchPing !== undefined) {
    event.source.postMessage(pong(event.data), event.origin)
  }
  if (event.origin !== ORIGIN || !event.data?.benchPort || !event.ports[0]) return
  const port = event.ports[0]
  port.onmessage = (m) => port.postMessage(pong(m.data))
})

const limits = { inFlight: Infinity, perSecond: Infinity }
const slots = document.getElementById('slots')
const hosts = {}
for (const x of BUILDS) {
  const kit = await import(`/bench/ab/${x}/dist/testing.js`)
  const app_key = `ab${x}`
  const query = loop || firstLoad ? 'mode=sdk&report=1' : 'peers=penpal'
  const widgets = [
    {
      app_key,
      url: `${ORIGIN}/bench/pages/widget-${x}.html?app=${app_key}&${query}`,
      name: `Bench widget, build ${x.toUpperCase()}`,
      scopes: SCOPE,
    },
  ]
  if (loop && x === 'a') {
    widgets.push({
      app_key: 'abwarm',
      url: `${originOf('abwarm')}/bench/pages/widget-a.html?app=abwarm&mode=sdk&report=1&warm=pm`,
      name: 'Bench widget, warm round trips',
      scopes: SCOPE,
    })
  }
  const backend = kit.createMemoryBackend()
  for (const w of widgets) await backend.recordConsent(w.app_key, SCOPE)
  hosts[x] = kit.createDevHost({ context: 'doctor-panel', locale: 'en', widgets, backend, limits })
}

if (firstLoad) {
  const [x] = BUILDS
  // When the widget's SYN reached this window, before the host (registered earlier) saw it.
  window.addEventListener(
    'message',
    (event) => {
      if (event.origin === ORIGIN && event.data?.type === 'SYN') window.synAt ??= performance.now()
    },
    true,
  )
  window.addEventListener('message', (event) => {
    if (event.origin !== ORIGIN || !event.data?.benchDone) return
    window.firstLoad = {
      widget: event.data.benchDone,
      panel: { timeOrigin: performance.timeOrigin, mounted: window.mountedAt, syn: window.synAt },
    }
    document.title = 'done'
  })
  const slot = document.createElement('div')
  slots.append(slot)
  window.mountedAt = performance.now()
  hosts[x].mount(slot, `ab${x}`)
} else if (!loop) {
  await load('/node_modules/penpal/dist/penpal.min.js')
  window.mounted = {}
  for (const x of BUILDS) {
    const slot = document.createElement('div')
    slots.append(slot)
    const mounted = hosts[x].mount(slot, `ab${x}`)
    window.mounted[x] = mounted
    const messenger = new window.Penpal.WindowMessenger({
      remoteWindow: mounted.iframe.contentWindow,
      allowedOrigins: [ORIGIN],
    })
    window.Penpal.connect({ messenger, methods: { ping: pong }, channel: 'bench' })
  }
  window.hostReady = true
} else {
  const results = { a: [], b: [] }
  window.handshakes = results
  const slot = document.createElement('div')
  slots.append(slot)
  /** Mounts build `x`'s widget, waits for its report, unmounts it, lets the old frame go. */
  const once = async (x, app_key = `ab${x}`) => {
    let mounted
    const done = new Promise((resolve) => {
      const onMessage = (event) => {
        if (event.source !== mounted?.iframe.contentWindow || !event.data?.benchDone) return
        window.removeEventListener('message', onMessage)
        resolve(event.data.benchDone)
      }
      window.addEventListener('message', onMessage)
    })
    mounted = hosts[x].mount(slot, app_key)
    const state = await done
    mounted.unmount()
    await new Promise((resolve) => setTimeout(resolve, 100))
    return state
  }
  for (let i = 0; i < loop; i++) {
    for (const x of i % 2 ? ['b', 'a'] : ['a', 'b']) results[x].push(await once(x))
  }
  results.warm = (await once('a', 'abwarm')).warm
  document.title = 'done'
}
