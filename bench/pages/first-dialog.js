// First-dialog bench panel: in one page load, each build's production host (`createHost` from
// bench/ab/<build>/panel/dist/host.js, the build's host bundled as a panel's Vite build would;
// nothing of it imported before its turn, so its lazy chunks are cold) mounts one widget that asks for consent as soon as it has initialized; the time is from
// `mount()` to the dialog shown (the host's `onDialog`, then the next animation frame), and from
// the widget's call to the same moment (clocks of one browser: `timeOrigin + now()`). Then the
// host is destroyed and the other build takes its turn. Query `first` (a or b): which build goes
// first. `window.firstDialog` gets { a, b }, and the title becomes "done".

const first = new URLSearchParams(location.search).get('first') === 'b' ? 'b' : 'a'
const BUILDS = first === 'a' ? ['a', 'b'] : ['b', 'a']
const WIDGETS = new URL(document.querySelector('meta[name=widget-origin]').content)
const ORIGIN = `${WIDGETS.protocol}//ab.localhost:${WIDGETS.port}`
const SCOPE = ['provider.profile.read']
const now = () => performance.timeOrigin + performance.now()

/** A backend with no consent recorded: the widget's `getSessionToken` asks the user. */
const backend = {
  issueSessionToken: async () => 'st_00000000-0000-4000-8000-000000000000',
  getConsent: async () => [],
  recordConsent: async () => {},
  lookupReceipt: async () => undefined,
  pay: async () => ({ status: 'failed' }),
  subscribe: async () => ({ status: 'failed' }),
  payForDoctorService: async () => ({ status: 'failed' }),
  smsStatus: async () => ({ active: false }),
  smsActivate: async () => {},
  smsCharge: async () => ({ status: 'failed' }),
}

// When each widget asked: its message may come after the dialog (another channel than its call).
const asked = {}
const askedBy = (app) =>
  new Promise((resolve) => {
    if (asked[app] !== undefined) resolve(asked[app])
    else asked[app] = resolve
  })
window.addEventListener('message', (event) => {
  if (event.origin !== ORIGIN || typeof event.data?.benchAsked !== 'number') return
  const waiting = asked[event.data.app]
  if (typeof waiting === 'function') waiting(event.data.benchAsked)
  else asked[event.data.app] = event.data.benchAsked
})

// The widgets' site gets its renderer process before either build's turn: the first frame of a
// site waits for a process to start (about 250 ms here), which would count against whichever
// build went first. The frame stays, so the process does.
await new Promise((resolve) => {
  const warm = document.createElement('iframe')
  warm.hidden = true
  warm.addEventListener('load', resolve, { once: true })
  warm.src = `${ORIGIN}/bench/pages/warm.html`
  document.body.append(warm)
})

const results = {}
for (const x of BUILDS) {
  const { createHost } = await import(`/bench/ab/${x}/panel/dist/host.js`)
  const app_key = `fd${x}`
  let shown
  const dialogShown = new Promise((resolve) => {
    shown = resolve
  })
  const host = createHost({
    context: 'doctor-panel',
    locale: 'en',
    backend,
    widgets: [
      {
        app_key,
        url: `${ORIGIN}/bench/pages/widget-${x}.html?app=${app_key}&dialog=1`,
        name: `Bench widget, build ${x.toUpperCase()}`,
        scopes: SCOPE,
      },
    ],
    onDialog: () => requestAnimationFrame(() => shown(now())),
  })
  const slot = document.createElement('div')
  document.getElementById('slots').append(slot)
  const mountedAt = now()
  host.mount(slot, app_key)
  const at = await dialogShown
  results[x] = { fromMount: at - mountedAt, fromCall: at - (await askedBy(app_key)) }
  host.destroy()
  slot.remove()
}
window.firstDialog = results
document.title = 'done'
