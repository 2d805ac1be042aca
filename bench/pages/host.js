// Bench panel: the real host shim with the in-memory backend, `n` widgets on the widgets' server,
// each on an origin of its own (`http://<app_key>.localhost:<port>`, as the host requires),
// consent remembered for every widget, plus echo responders for the raw floors and (with
// `peers=1`) bare penpal, comlink and post-robot servers. Query: n, wq (extra widget query),
// peers. With `loop=N` it instead mounts and unmounts a widget 2N times by itself, alternating
// an SDK handshake (mode=sdk) and cold raw round trips (mode=raw), and collects what each
// reports in `window.handshakes`; the title becomes "done" at the end. With `first=1` it mounts
// one widget that reports (the first-load run, in a fresh browser): `window.firstLoad` gets the
// widget's report and this page's timings, and the title becomes "done".
import { createDevHost, createMemoryBackend } from '/dist/testing.js'

const params = new URLSearchParams(location.search)
const loop = Number(params.get('loop') ?? 0)
const n = loop ? 0 : Number(params.get('n') ?? 1)
const peers = params.get('peers') === '1'
const wq = params.get('wq') ?? ''
const WIDGETS = new URL(document.querySelector('meta[name=widget-origin]').content)
/** Each widget's own origin on the widgets' server. */
const originOf = (app_key) => `${WIDGETS.protocol}//${app_key}.localhost:${WIDGETS.port}`
const WIDGET = originOf('w0')
const origins = new Set()
const SCOPE = ['provider.profile.read']
// The same shape as a session token, so the floors clone a comparable reply.
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

// Raw floors: window.postMessage echo, and a MessageChannel echo on a port the widget sends.
window.addEventListener('message', (event) => {
  if (!origins.has(event.origin) || !event.data || typeof event.data !== 'object') return
  const { data } = event
  if (data.benchPing !== undefined) {
    event.source.postMessage(pong(data), event.origin)
  } else if (data.benchPort && event.ports[0]) {
    const port = event.ports[0]
    port.onmessage = (m) => port.postMessage(pong(m.data))
  } else if (data.benchComlinkPort && event.ports[0]) {
    const port = event.ports[0]
    window.Comlink.expose(comlinkApi, port)
    port.start()
  }
})

const comlinkApi = { ping: (data) => pong(data) }

const backend = createMemoryBackend()
const widget = (app_key, query) => {
  const origin = originOf(app_key)
  origins.add(origin)
  return {
    app_key,
    url: `${origin}/bench/pages/widget.html?app=${app_key}${query ? `&${query}` : ''}`,
    name: `Bench widget ${app_key}`,
    scopes: SCOPE,
  }
}
const widgets = Array.from({ length: n }, (_, i) => widget(`w${i}`, wq))
if (loop) {
  for (const mode of ['sdk', 'raw']) widgets.push(widget(mode, `mode=${mode}&report=1&${wq}`))
  widgets.push(widget('warm', 'mode=sdk&report=1&warm=1'))
}
for (const widget of widgets) await backend.recordConsent(widget.app_key, SCOPE)
if (peers) {
  await load('/node_modules/penpal/dist/penpal.min.js')
  await load('/node_modules/comlink/dist/umd/comlink.min.js')
  await load('/node_modules/post-robot/dist/post-robot.min.js')
  window.postRobot.on('ping', { domain: WIDGET }, ({ data }) => pong(data))
}

const first = params.get('first') === '1'
if (first) {
  // When the widget's SYN reached this window, before the host (registered later) saw it.
  window.addEventListener(
    'message',
    (event) => {
      if (origins.has(event.origin) && event.data?.type === 'SYN')
        window.synAt ??= performance.now()
    },
    true,
  )
  window.addEventListener('message', (event) => {
    if (!origins.has(event.origin) || !event.data?.benchDone) return
    window.firstLoad = {
      widget: event.data.benchDone,
      panel: { timeOrigin: performance.timeOrigin, mounted: window.mountedAt, syn: window.synAt },
    }
    document.title = 'done'
  })
}

// The flood limits off: the bench times thousands of calls a second on purpose (the guard's own
// check stays on the path: it runs whatever the numbers).
const limits = { inFlight: Infinity, perSecond: Infinity }
// `limits` is not a createHost option: the test kit's createDevHost is the only door to it.
const host = createDevHost({ context: 'doctor-panel', locale: 'en', widgets, backend, limits })
window.mountedAt = performance.now()
const slots = document.getElementById('slots')
window.mounted = widgets.map(({ app_key }) => {
  const slot = document.createElement('div')
  slots.append(slot)
  return host.mount(slot, app_key)
})
if (peers) {
  // Bare penpal on its own channel to the same iframe, exposing the same ping.
  const frame = window.mounted[0].iframe.contentWindow
  const { Penpal } = window
  const messenger = new Penpal.WindowMessenger({ remoteWindow: frame, allowedOrigins: [WIDGET] })
  Penpal.connect({ messenger, methods: { ping: pong }, channel: 'bench' })
  // comlink's documented iframe setup: a window endpoint to the one widget, its origin allowed.
  window.Comlink.expose(comlinkApi, window.Comlink.windowEndpoint(frame, self, WIDGET), [WIDGET])
}
window.host = host
window.backend = backend
window.hostReady = true

if (loop) {
  const results = { sdk: [], raw: [] }
  window.handshakes = results
  const slot = document.createElement('div')
  slots.append(slot)
  /** Mounts `app_key`, waits for the widget's report, unmounts it, lets the old frame go. */
  const once = async (app_key) => {
    let mounted
    const done = new Promise((resolve) => {
      const onMessage = (event) => {
        if (event.source !== mounted?.iframe.contentWindow || !event.data?.benchDone) return
        window.removeEventListener('message', onMessage)
        resolve(event.data.benchDone)
      }
      window.addEventListener('message', onMessage)
    })
    mounted = host.mount(slot, app_key)
    const state = await done
    mounted.unmount()
    await new Promise((resolve) => setTimeout(resolve, 100))
    return state
  }
  for (let i = 0; i < loop; i++) {
    for (const mode of i % 2 ? ['sdk', 'raw'] : ['raw', 'sdk']) results[mode].push(await once(mode))
  }
  results.warm = (await once('warm')).warm
  document.title = 'done'
}
