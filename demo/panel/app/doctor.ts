// Long: the doctor panel's pages in the one module the page loads.
// The doctor panel: a sidebar, a header, panel pages that `redirect.dispatch` can reach, and a
// widget area where the host shim mounts the doctor-panel widgets.

import type { PlatformEventName } from 'platform-widget-sdk/host'
import { createHttpBackend } from './backend.js'
import { h, icon } from './dom.js'
import { digits, formatDate, formatNumber, formatRials, type Locale, type Strings } from './i18n.js'
import { createInspector } from './inspector.js'
import { explainNotUp } from './not-up.js'
import {
  applyTheme,
  avatar,
  currentLocale,
  currentTheme,
  fullName,
  languageSwitch,
  loadConfig,
  loadDevHost,
  loadHost,
  loadUser,
  localize,
  logo,
  onViolation,
  type PageConfig,
  registrations,
  setDocument,
  THEMES,
  type ThemeName,
  toast,
  userChip,
} from './shell.js'

const locale = currentLocale()
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

const T = setDocument(locale, '')

const backend = createHttpBackend({ emulator: config.emulator, user: config.users.doctor, locale })
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
  onViolation: onViolation(T),
  onUnresponsive: explainNotUp(config.emulator, T.notUp),
  theme: applyTheme(theme),
})
for (const event of Object.keys(T.results) as PlatformEventName[]) {
  host.on(event, () => toast(T.results[event] ?? event))
}

/** An appointment as the emulator lists it for the panel (`GET /internal/users/{id}/appointments`). */
interface Appointment {
  id: string
  /** UNIX seconds. */
  from: number
  to: number
  /** `HH:MM`, Tehran time, as the open APIs give it. */
  time: string
  center_name: string
  patient: { full_name: string; mobile: string }
}

/** A patient of the doctor (`GET /internal/users/{id}/patients`); days are `YYYY-MM-DD`. */
interface Patient {
  full_name: string
  mobile: string
  appointments: number
  last_visit: string | null
  next_visit: string | null
}

/** Reads the doctor's data from the emulator, as the panel's other internal calls do. */
async function fromEmulator<T>(rest: string): Promise<T> {
  const res = await fetch(
    `${config.emulator}/internal/users/${encodeURIComponent(config.users.doctor)}${rest}`,
  )
  if (!res.ok) throw new Error(`The emulator answered ${res.status} to ${rest}`)
  return (await res.json()) as T
}

// The pages that show the platform's data read it before they render, so what they show (and
// the dashboard's count) is what the emulator holds: today is the Tehran day of the open APIs.
const today =
  pageKey === 'dashboard' || pageKey === 'appointments'
    ? (await fromEmulator<{ appointments: Appointment[] }>('/appointments')).appointments
    : []
const patients =
  pageKey === 'dashboard' || pageKey === 'patients'
    ? (await fromEmulator<{ patients: Patient[] }>('/patients')).patients
    : []

/** Done once it ended; otherwise confirmed (the emulator books confirmed appointments). */
const statusOf = (a: Appointment) => (a.to * 1000 <= Date.now() ? 'done' : 'confirmed')

/** A Tehran `YYYY-MM-DD` as a date to format (noon UTC: the same day in every time zone). */
const dayOf = (date: string) => new Date(`${date}T12:00:00Z`)

function sidebar(t: Strings): HTMLElement {
  const link = (href: string, label: string, name: Parameters<typeof icon>[0]) =>
    h(
      'a',
      { href, class: 'nav-link', 'aria-current': route === href ? 'page' : undefined },
      icon(name),
      h('span', {}, label),
    )
  // On a narrow screen the sidebar collapses to a bar; this button opens its links (panel.css).
  const menu = h(
    'button',
    {
      type: 'button',
      class: 'icon-button menu-button',
      'aria-expanded': 'false',
      'aria-controls': 'panel-nav',
    },
    icon('menu'),
    h('span', { class: 'sr-only' }, t.menu),
  )
  const aside = h(
    'aside',
    { class: 'sidebar' },
    h(
      'div',
      { class: 'sidebar-inner' },
      h('div', { class: 'sidebar-bar' }, logo(t.doctorPanel), menu),
      h(
        'nav',
        { 'aria-label': t.doctorPanel, id: 'panel-nav' },
        link('/panel', t.nav.dashboard, 'home'),
        link('/panel/appointments', t.nav.appointments, 'calendar'),
        link('/panel/patients', t.nav.patients, 'users'),
        link('/panel/settings', t.nav.settings, 'settings'),
        h('p', { class: 'nav-title' }, t.nav.widgets),
        ...widgets.map((w) =>
          link(`/panel/apps/${encodeURIComponent(w.app_key)}`, w.name, 'puzzle'),
        ),
        h('p', { class: 'nav-title' }, t.nav.demo),
        link('/booking', t.nav.booking, 'calendar'),
        link('/profile', t.nav.profile, 'users'),
      ),
    ),
  )
  menu.addEventListener('click', () => {
    const open = menu.getAttribute('aria-expanded') !== 'true'
    menu.setAttribute('aria-expanded', String(open))
    aside.toggleAttribute('data-open', open)
  })
  return aside
}

function topbar(title: string): HTMLElement {
  return h(
    'header',
    // Named: each widget frame has a banner of its own, and axe wants landmarks told apart.
    { class: 'topbar', 'aria-label': T.doctorPanel },
    h('h1', {}, title),
    h(
      'div',
      { class: 'topbar-end' },
      h(
        'button',
        { type: 'button', class: 'icon-button', 'aria-label': T.notifications },
        icon('bell'),
      ),
      languageSwitch(locale),
      userChip(fullName(doctor, locale), doctor.profile?.expertise ?? ''),
    ),
  )
}

function card(title: string | null, ...children: (Node | string)[]): HTMLElement {
  return h('section', { class: 'card' }, title ? h('h2', {}, title) : null, ...children)
}

function widgetArea(t: Strings, app_key: string | undefined, full = false): HTMLElement {
  const area = h('div', { class: full ? 'widget-area full' : 'widget-area' })
  const app = widgets.find((w) => w.app_key === app_key)
  if (!app) {
    area.append(h('p', { class: 'muted' }, t.noWidgets))
    return area
  }
  queueMicrotask(() => {
    // `/_/{app_key}/{rest}`: the widget's page by key (or below its URL, for one without pages).
    const path = widgetPage ? `${widgetPage[2] ?? ''}${location.search}` : undefined
    if (full) fillContentArea(area)
    try {
      host.mount(area, app.app_key, { ...(path !== undefined && { path }), fill: full })
    } catch {
      // A page it does not register, or a path that would leave its URL: nothing is mounted.
      area.replaceChildren(...missingPage(t))
      area.className = 'widget-area'
      area.style.height = ''
    }
  })
  return area
}

/**
 * A widget shown as a page, as the original lays it out: its frame as tall as the panel's content
 * area (from its top to the window's bottom), whatever its content's height; the widget scrolls
 * inside it.
 */
function fillContentArea(area: HTMLElement) {
  const toArea = () => {
    if (!area.classList.contains('full')) return
    const top = area.getBoundingClientRect().top + scrollY
    const below = Number.parseFloat(getComputedStyle(area.parentElement ?? area).paddingBottom) || 0
    area.style.height = `${Math.max(320, Math.floor(innerHeight - top - below))}px`
  }
  toArea()
  addEventListener('resize', toArea)
}

async function smsText(t: Strings, cfg: PageConfig): Promise<string> {
  const res = await fetch(`${cfg.emulator}/internal/users/${config.users.doctor}/sms`)
  const sms = (await res.json()) as { active: boolean; credit: number }
  return sms.active ? formatNumber(sms.credit, locale) : t.stats.smsOff
}

function stat(label: string, value: string, name: Parameters<typeof icon>[0]): HTMLElement {
  return h(
    'div',
    { class: 'stat' },
    h('span', { class: 'stat-icon' }, icon(name)),
    h('div', {}, h('small', {}, label), h('strong', {}, value)),
  )
}

function dashboard(t: Strings): Node[] {
  const list = today
  const smsValue = h('strong', {}, '…')
  const refresh = () =>
    void smsText(t, config).then((text) => {
      smsValue.textContent = text
    })
  refresh()
  // The SMS dialogs change the emulator's SMS state: show the new credit.
  host.on('PLATFORM_SMS_ACTIVATE_SUCCESS', refresh)
  host.on('PLATFORM_SMS_CHARGE_SUCCESS', refresh)
  const smsStat = stat(t.stats.sms, '', 'message')
  smsStat.querySelector('strong')?.replaceWith(smsValue)
  const first = widgets[0]
  return [
    h('p', { class: 'lead' }, t.greeting(fullName(doctor, locale))),
    h(
      'div',
      { class: 'stats' },
      stat(t.stats.appointments, formatNumber(list.length, locale), 'calendar'),
      stat(t.stats.patients, formatNumber(patients.length, locale), 'users'),
      smsStat,
      stat(t.stats.revenue, formatRials(48_500_000, locale), 'wallet'),
    ),
    h(
      'div',
      { class: 'columns' },
      card(null, widgetArea(t, first?.app_key)),
      card(
        t.schedule,
        list.length
          ? h(
              'ol',
              { class: 'schedule', 'data-appointments': String(list.length) },
              ...list.map((a) =>
                h(
                  'li',
                  { class: `status-${statusOf(a)}`, 'data-id': a.id },
                  h('time', {}, digits(a.time, locale)),
                  h('span', {}, a.patient.full_name),
                  h('small', {}, a.center_name),
                ),
              ),
            )
          : h('p', { class: 'muted' }, t.noAppointments),
      ),
    ),
  ]
}

function appointmentsPage(t: Strings): Node[] {
  const table = h(
    'table',
    { class: 'table' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ...[t.columns.time, t.columns.patient, t.columns.center, t.columns.status].map((c) =>
          h('th', { scope: 'col' }, c),
        ),
      ),
    ),
    h(
      'tbody',
      {},
      ...today.map((a) =>
        h(
          'tr',
          { 'data-id': a.id },
          h('td', {}, digits(a.time, locale)),
          h('td', {}, a.patient.full_name),
          h('td', {}, a.center_name),
          h('td', {}, h('span', { class: `badge ${statusOf(a)}` }, t.statuses[statusOf(a)])),
        ),
      ),
    ),
  )
  return [
    h('p', { class: 'lead' }, t.appointmentsLead),
    card(null, today.length ? table : h('p', { class: 'muted' }, t.noAppointments)),
  ]
}

function patientsPage(t: Strings): Node[] {
  const visit = (p: Patient) =>
    p.next_visit
      ? `${t.nextVisit}: ${formatDate(dayOf(p.next_visit), locale)}`
      : p.last_visit
        ? `${t.lastVisit}: ${formatDate(dayOf(p.last_visit), locale)}`
        : ''
  return [
    h('p', { class: 'lead' }, t.patientsLead),
    patients.length
      ? h(
          'div',
          { class: 'grid' },
          ...patients.map((p) =>
            card(
              null,
              h('div', { class: 'person' }, avatar(p.full_name), h('strong', {}, p.full_name)),
              h('p', { class: 'muted' }, visit(p)),
              h(
                'p',
                { class: 'muted' },
                `${t.mobile}: `,
                h('bdi', { dir: 'ltr' }, digits(p.mobile, locale)),
              ),
            ),
          ),
        )
      : card(null, h('p', { class: 'muted' }, t.noPatients)),
  ]
}

function settingsPage(t: Strings): Node[] {
  const sms = h('p', {}, '…')
  void fetch(`${config.emulator}/internal/users/${config.users.doctor}/sms`)
    .then((r) => r.json())
    .then((s: { active: boolean; credit: number }) => {
      sms.textContent = s.active ? t.smsActive(formatNumber(s.credit, locale)) : t.smsInactive
    })
  const themeLink = (name: ThemeName) => {
    const url = new URL(location.href)
    url.searchParams.set('theme', name)
    return h(
      'a',
      {
        class: 'button',
        href: url.pathname + url.search,
        'aria-current': name === theme ? 'true' : undefined,
      },
      t.themes[name],
    )
  }
  return [
    card(
      t.appearance,
      h('p', { class: 'muted' }, t.appearanceLead),
      h('div', { class: 'choices' }, ...THEMES.map(themeLink)),
    ),
    card(t.smsSettings, sms),
    card(
      t.installed,
      h(
        'ul',
        { class: 'apps' },
        ...config.apps
          .filter((a) => a.contexts.includes('doctor-panel'))
          .map((a) =>
            h(
              'li',
              {},
              h('strong', {}, localize(a.name, locale)),
              h('small', { dir: 'ltr' }, a.url),
              h(
                'span',
                { class: 'muted' },
                `${t.scopes}: `,
                h('code', { dir: 'ltr' }, a.scopes.join(', ') || '—'),
              ),
            ),
          ),
      ),
    ),
  ]
}

function missingPage(t: Strings): Node[] {
  return [
    card(
      t.notFound,
      h('p', {}, t.notFoundLead),
      h('a', { class: 'button', href: '/panel' }, t.backHome),
    ),
  ]
}

function render(lang: Locale) {
  const t = setDocument(lang, '')
  let title: string
  let content: Node[]
  switch (pageKey) {
    case 'dashboard':
      title = t.nav.dashboard
      content = dashboard(t)
      break
    case 'appointments':
      title = t.appointmentsTitle
      content = appointmentsPage(t)
      break
    case 'patients':
      title = t.patientsTitle
      content = patientsPage(t)
      break
    case 'settings':
      title = t.settingsTitle
      content = settingsPage(t)
      break
    case 'app': {
      const key = decodeURIComponent(appMatch?.[1] ?? '')
      const app = widgets.find((w) => w.app_key === key)
      title = app?.name ?? t.notFound
      content = app ? [widgetArea(t, key, true)] : missingPage(t)
      break
    }
    default:
      title = t.notFound
      content = missingPage(t)
  }
  setDocument(lang, title)
  document.body.replaceChildren(
    h(
      'div',
      { class: 'layout' },
      sidebar(t),
      h(
        'div',
        { class: 'main' },
        topbar(title),
        h(
          'main',
          { class: pageKey === 'app' ? 'content app-page' : 'content', id: 'content' },
          ...content,
        ),
      ),
    ),
  )
}

render(locale)
inspector.attach()
document.body.dataset.ready = 'true'
