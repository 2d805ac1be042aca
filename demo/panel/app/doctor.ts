// The doctor panel: a sidebar, a header, panel pages that `redirect.dispatch` can reach, and a
// widget area where the host shim mounts the doctor-panel widgets.

import type { PlatformEventName } from '../../../src/host/index.js'
import { createHttpBackend } from './backend.js'
import { h, icon } from './dom.js'
import {
  formatDate,
  formatNumber,
  formatRials,
  formatTime,
  type Locale,
  type Strings,
} from './i18n.js'
import {
  applyTheme,
  avatar,
  currentLocale,
  currentTheme,
  fullName,
  languageSwitch,
  loadConfig,
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
const [config, hostModule] = await Promise.all([loadConfig(), loadHost()])
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

const host = hostModule.createHost({
  context: 'doctor-panel',
  locale,
  widgets,
  backend: createHttpBackend({ emulator: config.emulator, user: config.users.doctor, locale }),
  dev: true,
  onViolation: onViolation(T),
  theme: applyTheme(theme),
})
for (const event of Object.keys(T.results) as PlatformEventName[]) {
  host.on(event, () => toast(T.results[event] ?? event))
}

/** Today's appointments: the panel's own sample data. */
function appointments(t: Strings) {
  const at = (hour: number, minute: number) => {
    const d = new Date()
    d.setHours(hour, minute, 0, 0)
    return d
  }
  const fa = locale === 'fa'
  return [
    {
      time: at(9, 0),
      patient: fa ? 'مریم موسوی' : 'Maryam Mousavi',
      kind: t.kinds.visit,
      center: 0,
      status: 'done' as const,
    },
    {
      time: at(9, 30),
      patient: fa ? 'علی رضایی' : 'Ali Rezaei',
      kind: t.kinds.online,
      center: 0,
      status: 'done' as const,
    },
    {
      time: at(10, 15),
      patient: fa ? 'حسین نادری' : 'Hossein Naderi',
      kind: t.kinds.followup,
      center: 0,
      status: 'confirmed' as const,
    },
    {
      time: at(11, 0),
      patient: fa ? 'نرگس صادقی' : 'Narges Sadeghi',
      kind: t.kinds.visit,
      center: 1,
      status: 'confirmed' as const,
    },
    {
      time: at(16, 30),
      patient: fa ? 'امیر توکلی' : 'Amir Tavakoli',
      kind: t.kinds.online,
      center: 1,
      status: 'waiting' as const,
    },
    {
      time: at(17, 15),
      patient: fa ? 'زهرا کاظمی' : 'Zahra Kazemi',
      kind: t.kinds.visit,
      center: 1,
      status: 'waiting' as const,
    },
  ]
}

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
    const path = widgetPage ? `${widgetPage[2] ?? ''}${location.search}` : undefined
    try {
      const { iframe } = host.mount(area, app.app_key, path === undefined ? {} : { path })
      if (full) fillContentArea(iframe)
    } catch {
      // A path that would leave the widget's URL (the host refuses it): the panel's not-found.
      area.replaceChildren(...missingPage(t))
    }
  })
  return area
}

/**
 * A widget's app page: its frame at least as tall as the panel's content area (from the frame's
 * top to the window's bottom), growing beyond it with the widget's own height.
 */
function fillContentArea(iframe: HTMLIFrameElement) {
  const toArea = () => {
    const top = iframe.getBoundingClientRect().top + scrollY
    iframe.style.minHeight = `${Math.max(0, Math.ceil(innerHeight - top))}px`
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
  const list = appointments(t)
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
      stat(
        t.stats.online,
        formatNumber(list.filter((a) => a.kind === t.kinds.online).length, locale),
        'video',
      ),
      smsStat,
      stat(t.stats.revenue, formatRials(48_500_000, locale), 'wallet'),
    ),
    h(
      'div',
      { class: 'columns' },
      card(null, widgetArea(t, first?.app_key)),
      card(
        t.schedule,
        h(
          'ol',
          { class: 'schedule' },
          ...list.map((a) =>
            h(
              'li',
              { class: `status-${a.status}` },
              h('time', {}, formatTime(a.time, locale)),
              h('span', {}, a.patient),
              h('small', {}, a.kind),
            ),
          ),
        ),
      ),
    ),
  ]
}

function appointmentsPage(t: Strings): Node[] {
  const centers = doctor.profile?.centers ?? []
  const table = h(
    'table',
    { class: 'table' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ...[
          t.columns.time,
          t.columns.patient,
          t.columns.kind,
          t.columns.center,
          t.columns.status,
        ].map((c) => h('th', { scope: 'col' }, c)),
      ),
    ),
    h(
      'tbody',
      {},
      ...appointments(t).map((a) =>
        h(
          'tr',
          {},
          h('td', {}, formatTime(a.time, locale)),
          h('td', {}, a.patient),
          h('td', {}, a.kind),
          h('td', {}, centers[a.center]?.name ?? ''),
          h('td', {}, h('span', { class: `badge ${a.status}` }, t.statuses[a.status])),
        ),
      ),
    ),
  )
  return [h('p', { class: 'lead' }, t.appointmentsLead), card(null, table)]
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000)

function patientsPage(t: Strings): Node[] {
  const rows = appointments(t).slice(0, 5)
  return [
    h('p', { class: 'lead' }, t.patientsLead),
    h(
      'div',
      { class: 'grid' },
      ...rows.map((a, i) =>
        card(
          null,
          h('div', { class: 'person' }, avatar(a.patient), h('strong', {}, a.patient)),
          h('p', { class: 'muted' }, `${t.lastVisit}: ${formatDate(daysAgo(i * 9 + 2), locale)}`),
          h('p', { class: 'muted' }, a.kind),
        ),
      ),
    ),
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
document.body.dataset.ready = 'true'
