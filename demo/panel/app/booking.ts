// The patient booking flow: steps, the addon slot where booking-flow widgets are mounted, and the
// receipt and online-visit channel pages that `flow.dispatch` leads to (through `onFlow`).

import type { FlowKey } from 'platform-widget-sdk/host'
import { createHttpBackend } from './backend.js'
import { diagnose } from './diagnose.js'
import { h, icon } from './dom.js'
import {
  digits,
  formatDate,
  formatNumber,
  formatRials,
  formatTime,
  type Locale,
  STRINGS,
} from './i18n.js'
import { createInspector } from './inspector.js'
import { explainNotUp } from './not-up.js'
import { keep, redrawAround } from './redraw.js'
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
  onViolation,
  registrations,
  setDocument,
  userChip,
} from './shell.js'

// The page's language: the language switch changes it, and the page is drawn again.
let locale = currentLocale()
const [config, hostModule, createDevHost] = await Promise.all([
  loadConfig(),
  loadHost(),
  loadDevHost(),
])
const [doctor, patient] = await Promise.all([
  loadUser(config, config.users.doctor),
  loadUser(config, config.users.patient),
])
const route = location.pathname.replace(/\/+$/, '')
let t = setDocument(locale, '')

/** The booking is the page's own state: the slot the patient picked, kept for this tab. */
function booking() {
  let saved: { at: number; tracking: string } | undefined
  try {
    saved = JSON.parse(sessionStorage.getItem('demo.booking') ?? 'null') ?? undefined
  } catch {}
  if (!saved) {
    const at = new Date(Date.now() + 86_400_000)
    at.setHours(10, 30, 0, 0)
    const tracking = String(Math.floor(100000 + Math.random() * 900000))
    saved = { at: at.getTime(), tracking }
    try {
      sessionStorage.setItem('demo.booking', JSON.stringify(saved))
    } catch {}
  }
  return { at: new Date(saved.at), tracking: saved.tracking, fee: 1_500_000 }
}
const current = booking()
const center = doctor.profile?.centers[0]

const FLOW_PAGES: Record<FlowKey, string> = {
  'BOOKING.RECEIPT': '/booking/receipt',
  'BOOKING.ONLINE_VISIT_CHANNEL': '/booking/online-visit',
}

function header(): HTMLElement {
  return h(
    'header',
    // Named: each widget frame has a banner of its own, and axe wants landmarks told apart.
    { class: 'site-header', 'aria-label': t.patientSite },
    h(
      'a',
      { class: 'brand', href: '/profile' },
      h('img', { src: '/assets/logo.svg', alt: '', width: 32, height: 32 }),
      h('span', {}, t.patientSite),
    ),
    h(
      'nav',
      { class: 'site-nav' },
      h('a', { href: '/profile' }, t.findDoctor),
      h('a', { href: '/booking', 'aria-current': 'page' }, t.myBookings),
    ),
    h(
      'div',
      { class: 'topbar-end' },
      languageSwitch(locale, switchLocale),
      userChip(fullName(patient, locale), ''),
    ),
  )
}

function stepper(active: number): HTMLElement {
  return h(
    'ol',
    { class: 'stepper', 'aria-label': t.steps.join(' / ') },
    ...t.steps.map((label, i) =>
      h(
        'li',
        {
          class: i < active ? 'done' : i === active ? 'active' : '',
          'aria-current': i === active ? 'step' : undefined,
        },
        h('span', { class: 'dot' }, i < active ? icon('check') : formatNumber(i + 1, locale)),
        h('span', {}, label),
      ),
    ),
  )
}

function summaryRows(): [string, string][] {
  return [
    [t.doctor, fullName(doctor, locale)],
    [t.date, formatDate(current.at, locale)],
    [t.time, formatTime(current.at, locale)],
    [t.center, center?.name ?? ''],
    [t.patient, fullName(patient, locale)],
    [t.fee, formatRials(current.fee, locale)],
  ]
}

function rows(items: [string, string][]): HTMLElement {
  return h('dl', { class: 'rows' }, ...items.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)]))
}

function doctorCard(): HTMLElement {
  return h(
    'div',
    { class: 'doctor-mini' },
    avatar(fullName(doctor, locale)),
    h(
      'div',
      {},
      h('strong', {}, fullName(doctor, locale)),
      h('small', {}, doctor.profile?.expertise ?? ''),
    ),
  )
}

/** The addon slot's host and inspector, made once: the slot is kept across a redraw. */
function extrasHost() {
  const widgets = registrations(config, 'booking-flow', locale)
  const backend = createHttpBackend({
    emulator: config.emulator,
    user: config.users.patient,
    locale: () => locale,
  })
  const inspector = createInspector({
    locale,
    context: 'booking-flow',
    widgets,
    backend,
    firstSmsCount: hostModule.DEFAULT_SMS_PACKAGES[0]?.count,
  })
  const host = createDevHost({
    context: 'booking-flow',
    locale,
    widgets,
    backend,
    testOutcomes: backend.testOutcomes,
    dev: true,
    onTrace: inspector.record,
    onViolation: onViolation(() => t),
    onUnresponsive: (unresponsive) => explainNotUp(config.emulator, t.notUp)(unresponsive),
    diagnose,
    theme: applyTheme(currentTheme()),
    // Moves the patient on. The booking comes from this page's state, not from the widget.
    onFlow: (flowKey) => {
      location.assign(FLOW_PAGES[flowKey])
    },
  })
  return { widgets, inspector, host }
}

/** The extras step, with `slot` where the addons are. */
function extras(slot: HTMLElement): HTMLElement {
  slot.setAttribute('aria-label', t.extrasTitle)
  return h(
    'div',
    { class: 'flow' },
    stepper(3),
    h(
      'div',
      { class: 'columns' },
      h(
        'section',
        { class: 'card' },
        h('h2', {}, t.extrasTitle),
        h('p', { class: 'muted' }, t.extrasLead),
        slot,
        h(
          'div',
          { class: 'actions' },
          h('a', { class: 'button ghost', href: '/profile' }, t.back),
          h('a', { class: 'button primary', href: FLOW_PAGES['BOOKING.RECEIPT'] }, t.confirm),
        ),
      ),
      h('aside', { class: 'card' }, h('h2', {}, t.summary), doctorCard(), rows(summaryRows())),
    ),
  )
}

function receipt(): HTMLElement {
  return h(
    'div',
    { class: 'flow' },
    stepper(4),
    h(
      'section',
      { class: 'card receipt' },
      h('div', { class: 'success-mark' }, icon('check')),
      h('h2', {}, t.receiptTitle),
      h('p', { class: 'muted' }, t.receiptLead),
      rows([
        [t.tracking, digits(current.tracking, locale)],
        ...summaryRows(),
        [t.paid, formatRials(current.fee, locale)],
      ]),
      h(
        'div',
        { class: 'actions' },
        h('a', { class: 'button ghost', href: '/profile' }, t.viewProfile),
        h(
          'a',
          { class: 'button primary', href: FLOW_PAGES['BOOKING.ONLINE_VISIT_CHANNEL'] },
          t.openChannel,
        ),
      ),
    ),
  )
}

function channel(): HTMLElement {
  const list = h(
    'ol',
    { class: 'messages', 'aria-live': 'polite' },
    h('li', { class: 'system' }, t.channelOpened),
    h('li', { class: 'them' }, t.channelHello),
  )
  // The conversation stays as written when the page changes language.
  keep(list)
  const input = h('input', {
    type: 'text',
    'aria-label': t.composer,
    placeholder: t.composer,
    autocomplete: 'off',
  })
  const form = h(
    'form',
    { class: 'composer' },
    input,
    h('button', { type: 'submit', class: 'button primary' }, icon('send'), t.send),
  )
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const text = input.value.trim()
    if (!text) return
    list.append(h('li', { class: 'me' }, text))
    input.value = ''
  })
  return h(
    'section',
    { class: 'card chat' },
    h(
      'header',
      { class: 'chat-head' },
      avatar(fullName(doctor, locale)),
      h(
        'div',
        {},
        h('h2', {}, `${t.channelTitle} — ${fullName(doctor, locale)}`),
        h('small', { class: 'online' }, t.channelOnline),
      ),
      h('span', { class: 'chip' }, `${t.tracking}: ${digits(current.tracking, locale)}`),
    ),
    list,
    form,
  )
}

const addons =
  route === '/booking/receipt' || route === '/booking/online-visit' ? undefined : extrasHost()
const slot = h('div', { class: 'addon-slot' })

/**
 * The page in the language of now: its header and its main part, with `addonSlot` where the
 * addons are (a stand-in when drawn again: the slot mounted first stays).
 */
function page(addonSlot: HTMLElement): HTMLElement[] {
  const [title, content] =
    route === '/booking/receipt'
      ? [t.receiptTitle, receipt()]
      : route === '/booking/online-visit'
        ? [t.channelTitle, channel()]
        : [t.extrasTitle, extras(addonSlot)]
  setDocument(locale, title)
  return [header(), h('main', { class: 'site' }, h('h1', { class: 'page-title' }, title), content)]
}

/** The language switch, in place: the page is drawn again around the addons' slot. */
function switchLocale(next: Locale) {
  locale = next
  t = STRINGS[next]
  addons?.host.setLocale(next)
  addons?.inspector.setLocale(next)
  const [oldHeader, oldMain] = [...document.body.children]
  const [freshHeader, freshMain] = page(h('div', { class: 'addon-slot' }))
  if (oldHeader && oldMain && freshHeader && freshMain) {
    redrawAround(oldHeader, freshHeader)
    redrawAround(oldMain, freshMain)
  }
  // The slot itself is kept as it was: its name follows here.
  slot.setAttribute('aria-label', t.extrasTitle)
  document.querySelector<HTMLElement>('.site-header .lang')?.focus()
}

document.body.replaceChildren(...page(slot))
if (addons) {
  for (const widget of addons.widgets) addons.host.mount(slot, widget.app_key)
  keep(slot)
  addons.inspector.attach()
}
document.body.dataset.ready = 'true'
