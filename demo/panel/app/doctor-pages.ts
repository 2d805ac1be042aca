// The doctor panel's pages: the dashboard, today's appointments, the patients and the settings,
// each the nodes of its content area.

import { type DoctorPanel, dayOf, type Patient, statusOf } from './doctor-data.js'
import { card } from './doctor-layout.js'
import { widgetArea } from './doctor-widget-area.js'
import { h, icon } from './dom.js'
import { digits, formatDate, formatNumber, formatRials, type Strings } from './i18n.js'
import { avatar, fullName, localize, THEMES, type ThemeName } from './shell.js'

async function smsText(panel: DoctorPanel, t: Strings): Promise<string> {
  const { config, locale } = panel
  const res = await fetch(`${config.emulator}/internal/users/${config.users.doctor}/sms`)
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

// The dashboard drawn last listens to the host; one drawn again (in another language) takes over.
let unbindDashboard: (() => void)[] = []

export function dashboard(panel: DoctorPanel, t: Strings): Node[] {
  const { host, locale, doctor, patients, widgets } = panel
  const list = panel.today
  const smsValue = h('strong', {}, '…')
  const refresh = () =>
    void smsText(panel, t).then((text) => {
      smsValue.textContent = text
    })
  refresh()
  // The SMS dialogs change the emulator's SMS state: show the new credit.
  for (const unbind of unbindDashboard) unbind()
  unbindDashboard = [
    host.on('PLATFORM_SMS_ACTIVATE_SUCCESS', refresh),
    host.on('PLATFORM_SMS_CHARGE_SUCCESS', refresh),
  ]
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
      card(null, widgetArea(panel, t, first?.app_key)),
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

export function appointmentsPage(panel: DoctorPanel, t: Strings): Node[] {
  const { today, locale } = panel
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

export function patientsPage(panel: DoctorPanel, t: Strings): Node[] {
  const { patients, locale } = panel
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

export function settingsPage(panel: DoctorPanel, t: Strings): Node[] {
  const { config, locale, theme } = panel
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
