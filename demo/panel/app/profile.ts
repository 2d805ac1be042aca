// The doctor's public profile, seen by a patient. It holds the doctor-service payment widgets
// (context `doctor-profile`).

import { createHttpBackend } from './backend.js'
import { diagnose } from './diagnose.js'
import { h, icon } from './dom.js'
import { digits, formatNumber } from './i18n.js'
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
  onViolation,
  registrations,
  setDocument,
  userChip,
} from './shell.js'

const locale = currentLocale()
const [config, { DEFAULT_SMS_PACKAGES }, createDevHost] = await Promise.all([
  loadConfig(),
  loadHost(),
  loadDevHost(),
])
const [doctor, patient] = await Promise.all([
  loadUser(config, config.users.doctor),
  loadUser(config, config.users.patient),
])
const name = fullName(doctor, locale)
const t = setDocument(locale, name)
const profile = doctor.profile

const widgets = registrations(config, 'doctor-profile', locale)
const backend = createHttpBackend({ emulator: config.emulator, user: config.users.patient, locale })
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
  onViolation: onViolation(t),
  onUnresponsive: explainNotUp(config.emulator, t.notUp),
  diagnose,
  theme: applyTheme(currentTheme()),
})

const slot = h('div', { class: 'addon-slot' })
document.body.replaceChildren(
  h(
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
      languageSwitch(locale),
      userChip(fullName(patient, locale), ''),
    ),
  ),
  h(
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
            t.rating(formatNumber(profile?.rating ?? 0, locale, 1)),
          ),
          h('span', {}, t.medicalCode(digits(profile?.medical_code ?? '', locale))),
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
        h(
          'section',
          { class: 'card' },
          h('h2', {}, t.centers),
          h(
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
                  h('small', {}, `${c.city}${locale === 'fa' ? '، ' : ', '}${c.address}`),
                ),
              ),
            ),
          ),
        ),
      ),
      h('section', { class: 'card' }, h('h2', {}, icon('video'), t.onlineServices), slot),
    ),
  ),
)
for (const widget of widgets) host.mount(slot, widget.app_key)
inspector.attach()
document.body.dataset.ready = 'true'
