// The doctor's public profile, seen by a patient. It holds the doctor-service payment widgets
// (context `doctor-profile`).

import { createHttpBackend } from './backend.js'
import { diagnose } from './diagnose.js'
import { h, icon } from './dom.js'
import { digits, formatNumber, type Locale, STRINGS } from './i18n.js'
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

let locale = currentLocale()
const [config, { DEFAULT_SMS_PACKAGES }, createDevHost] = await Promise.all([
  loadConfig(),
  loadHost(),
  loadDevHost(),
])
const [doctor, patient] = await Promise.all([
  loadUser(config, config.users.doctor),
  loadUser(config, config.users.patient),
])
const profile = doctor.profile
// What the host says and shows later, in the page's language then.
const strings = () => STRINGS[locale]

const widgets = registrations(config, 'doctor-profile', locale)
const backend = createHttpBackend({
  emulator: config.emulator,
  user: config.users.patient,
  locale: () => locale,
})
const inspector = createInspector({
  locale,
  context: 'doctor-profile',
  widgets,
  backend,
  firstSmsCount: DEFAULT_SMS_PACKAGES[0]?.count,
})
const host = createDevHost({
  context: 'doctor-profile',
  // The patient looks at the doctor's profile: the doctor's provider.* scopes are not theirs.
  profile: { provider_id: doctor.id, user_id: patient.id },
  locale,
  widgets,
  backend,
  testOutcomes: backend.testOutcomes,
  dev: true,
  onTrace: inspector.record,
  onViolation: onViolation(strings),
  onUnresponsive: (unresponsive) => explainNotUp(config.emulator, strings().notUp)(unresponsive),
  diagnose,
  theme: applyTheme(currentTheme()),
})

/** The patient site's header in `lang`. */
function header(lang: Locale): HTMLElement {
  const t = STRINGS[lang]
  return h(
    'header',
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
      h('a', { href: '/profile', 'aria-current': 'page' }, t.findDoctor),
      h('a', { href: '/booking' }, t.myBookings),
    ),
    h(
      'div',
      { class: 'topbar-end' },
      languageSwitch(lang, switchLocale),
      userChip(fullName(patient, lang), ''),
    ),
  )
}

/** The profile's card and sections in `lang`, with `slot` where the widgets are. */
function main(lang: Locale, slot: HTMLElement): HTMLElement {
  const name = fullName(doctor, lang)
  const t = setDocument(lang, name)
  return h(
    'main',
    { class: 'site' },
    h(
      'section',
      { class: 'card profile-head' },
      avatar(name, 'lg'),
      h(
        'div',
        { class: 'profile-id' },
        h('h1', {}, name),
        h('p', { class: 'expertise', dir: 'auto' }, profile?.expertise ?? ''),
        h(
          'p',
          { class: 'meta' },
          h(
            'span',
            { class: 'rating' },
            icon('star'),
            t.rating(formatNumber(profile?.rating ?? 0, lang, 1)),
          ),
          h('span', {}, t.medicalCode(digits(profile?.medical_code ?? '', lang))),
        ),
      ),
      h('a', { class: 'button primary', href: '/booking' }, icon('calendar'), t.book),
    ),
    h(
      'div',
      { class: 'columns wide-aside' },
      h(
        'div',
        { class: 'stack' },
        h(
          'section',
          { class: 'card' },
          h('h2', {}, t.about),
          h('p', { dir: 'auto' }, profile?.biography ?? ''),
        ),
        h('section', { class: 'card' }, h('h2', {}, t.centers), centers(lang)),
      ),
      h('section', { class: 'card' }, h('h2', {}, icon('video'), t.onlineServices), slot),
    ),
  )
}

function centers(lang: Locale): HTMLElement {
  return h(
    'ul',
    { class: 'centers' },
    ...(profile?.centers ?? []).map((c) =>
      h(
        'li',
        {},
        icon('pin'),
        h(
          'div',
          {},
          h('strong', { dir: 'auto' }, c.name),
          h('small', {}, `${c.city}${lang === 'fa' ? '، ' : ', '}${c.address}`),
        ),
      ),
    ),
  )
}

/** The language switch, in place: the page is drawn again around the widgets' slot. */
function switchLocale(next: Locale) {
  locale = next
  host.setLocale(next)
  inspector.setLocale(next)
  const [oldHeader, oldMain] = [...document.body.children]
  if (oldHeader && oldMain) {
    redrawAround(oldHeader, header(next))
    redrawAround(oldMain, main(next, h('div', { class: 'addon-slot' })))
  }
  document.querySelector<HTMLElement>('.site-header .lang')?.focus()
}

const slot = h('div', { class: 'addon-slot' })
document.body.replaceChildren(header(locale), main(locale, slot))
for (const widget of widgets) host.mount(slot, widget.app_key)
keep(slot)
inspector.attach()
document.body.dataset.ready = 'true'
