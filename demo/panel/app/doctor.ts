// The doctor panel: a sidebar, a header, panel pages that `redirect.dispatch` can reach, and a
// widget area where the host shim mounts the doctor-panel widgets. This module is the page's
// entry: it loads the host and the data, then renders the page its route names (its parts:
// doctor-layout.ts, doctor-pages.ts, doctor-widget-area.ts).

import type { PlatformEventName } from 'platform-widget-sdk/host'
import { createHttpBackend } from './backend.js'
import { diagnose } from './diagnose.js'
import { type Appointment, type DoctorPanel, fromEmulator, type Patient } from './doctor-data.js'
import { missingPage, sidebar, topbar } from './doctor-layout.js'
import { appointmentsPage, dashboard, patientsPage, settingsPage } from './doctor-pages.js'
import { widgetArea } from './doctor-widget-area.js'
import { h } from './dom.js'
import { type Locale, STRINGS } from './i18n.js'
import { createInspector } from './inspector.js'
import { explainNotUp } from './not-up.js'
import { redrawAround } from './redraw.js'
import {
  applyTheme,
  currentLocale,
  currentTheme,
  loadConfig,
  loadDevHost,
  loadHost,
  loadUser,
  localize,
  onViolation,
  registrations,
  setDocument,
  toast,
} from './shell.js'

let locale = currentLocale()
const theme = currentTheme()
const [config, hostModule, createDevHost] = await Promise.all([
  loadConfig(),
  loadHost(),
  loadDevHost(),
])
const doctor = await loadUser(config, config.users.doctor)
// A widget's own page, `/_/{app_key}/{rest}`: that widget at `{rest}` (query kept), full-size.
const widgetPage = /^\/_\/([^/]+)(?:\/(.*))?$/.exec(location.pathname)
const route = widgetPage
  ? `/panel/apps/${widgetPage[1]}`
  : location.pathname.replace(/\/+$/, '') || '/panel'
const widgets = registrations(config, 'doctor-panel', locale)
const appMatch = /^\/panel\/apps\/([^/]+)$/.exec(route)
const pageKey = appMatch
  ? 'app'
  : ((
      {
        '/panel': 'dashboard',
        '/panel/appointments': 'appointments',
        '/panel/patients': 'patients',
        '/panel/settings': 'settings',
      } as Record<string, string>
    )[route] ?? 'missing')

setDocument(locale, '')
// What the host says and shows later, in the page's language then.
const strings = () => STRINGS[locale]

const backend = createHttpBackend({
  emulator: config.emulator,
  user: config.users.doctor,
  locale: () => locale,
})
const inspector = createInspector({
  locale,
  context: 'doctor-panel',
  widgets,
  backend,
  firstSmsCount: hostModule.DEFAULT_SMS_PACKAGES[0]?.count,
  // On a widget's page, the inspector opens on that widget.
  ...(appMatch ? { initial: decodeURIComponent(appMatch[1]!) } : {}),
})
const host = createDevHost({
  context: 'doctor-panel',
  locale,
  widgets,
  // The panel's pages (demo/panel/server.ts); what else this origin serves (the sign-in page,
  // files, the SDK) is no place a widget may send the doctor.
  panelPages: ['/panel', '/_/', '/booking', '/profile'],
  backend,
  testOutcomes: backend.testOutcomes,
  dev: true,
  onTrace: inspector.record,
  onViolation: onViolation(strings),
  onUnresponsive: (unresponsive) => explainNotUp(config.emulator, strings().notUp)(unresponsive),
  diagnose,
  theme: applyTheme(theme),
})
for (const event of Object.keys(strings().results) as PlatformEventName[]) {
  host.on(event, () => toast(strings().results[event] ?? event))
}

// The pages that show the platform's data read it before they render, so what they show (and
// the dashboard's count) is what the emulator holds: today is the Tehran day of the open APIs.
const today =
  pageKey === 'dashboard' || pageKey === 'appointments'
    ? (await fromEmulator<{ appointments: Appointment[] }>(config, '/appointments')).appointments
    : []
const patients =
  pageKey === 'dashboard' || pageKey === 'patients'
    ? (await fromEmulator<{ patients: Patient[] }>(config, '/patients')).patients
    : []

const panel: DoctorPanel = {
  config,
  locale,
  theme,
  route,
  doctor,
  widgets,
  host,
  widgetPage,
  today,
  patients,
  switchLocale(next) {
    locale = next
    panel.locale = next
    host.setLocale(next)
    inspector.setLocale(next)
    const layout = document.querySelector('.layout')
    if (layout) redrawAround(layout, render(next))
    // The switch the doctor clicked was drawn again: focus its new self.
    document.querySelector<HTMLElement>('.topbar .lang')?.focus()
  },
}

/** The page's layout in `lang`. */
function render(lang: Locale): HTMLElement {
  const t = setDocument(lang, '')
  let title: string
  let content: Node[]
  switch (pageKey) {
    case 'dashboard':
      title = t.nav.dashboard
      content = dashboard(panel, t)
      break
    case 'appointments':
      title = t.appointmentsTitle
      content = appointmentsPage(panel, t)
      break
    case 'patients':
      title = t.patientsTitle
      content = patientsPage(panel, t)
      break
    case 'settings':
      title = t.settingsTitle
      content = settingsPage(panel, t)
      break
    case 'app': {
      const key = decodeURIComponent(appMatch?.[1] ?? '')
      const app = widgets.find((w) => w.app_key === key)
      title = app ? localize(app.name, lang) : t.notFound
      content = app ? [widgetArea(panel, t, key, { full: true })] : missingPage(t)
      break
    }
    default:
      title = t.notFound
      content = missingPage(t)
  }
  setDocument(lang, title)
  return h(
    'div',
    { class: 'layout' },
    sidebar(panel, t),
    h(
      'div',
      { class: 'main' },
      topbar(panel, t, title),
      h(
        'main',
        { class: pageKey === 'app' ? 'content app-page' : 'content', id: 'content' },
        ...content,
      ),
    ),
  )
}

document.body.replaceChildren(render(locale))
inspector.attach()
document.body.dataset.ready = 'true'
