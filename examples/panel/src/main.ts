// The example panel: a doctor panel of its own that embeds the platform's widgets with
// `platform-widget-sdk/host`, against the dev platform (`platform-widget-dev dev --panel-origin`).
// Its server (../server.ts) hands it the registered widgets and diagnoses a widget that does not
// come up; the platform's backend is the dev platform's emulator (`createEmulatorBackend`).

import { createEmulatorBackend } from 'platform-widget-dev/backend'
import {
  createHost,
  type Diagnosis,
  type Host,
  type HostContext,
  type HostTheme,
  type Plan,
  type Product,
  type WidgetPage,
  type WidgetRegistration,
} from 'platform-widget-sdk/host'
import { applyLocale, h, nameOf, type Text, word } from './dom.js'
import { match, startRouter } from './router.js'
import { widgetSlot } from './slot.js'
import type { Locale } from './words.js'

/** What the panel's server answers at /api/platform: the platform's registrations. */
interface Platform {
  emulator: string
  widgets: (Omit<WidgetRegistration, 'products' | 'plans' | 'pages'> & {
    contexts: HostContext[]
    products?: (Omit<Product, 'title'> & { title: Text })[]
    plans?: (Omit<Plan, 'title'> & { title: Text })[]
    pages?: (Omit<WidgetPage, 'name'> & { name?: Text })[]
  })[]
}

const inLocale = (text: Text, locale: Locale) => (typeof text === 'string' ? text : text[locale])

type Scheme = 'light' | 'dark'

/** The dialogs' tokens, matched to the panel's own colours (style.css). */
const THEME: HostTheme = {
  accent: '#0f766e',
  accentText: '#ffffff',
  surface: '#ffffff',
  text: '#1c2b2a',
  radius: '10px',
  dark: { accent: '#5eead4', accentText: '#042f2e', surface: '#17211f', text: '#e3ecea' },
}

const ROUTES = [
  { name: 'home', pattern: '/' },
  { name: 'widget', pattern: '/widgets/:app_key' },
  { name: 'profile', pattern: '/profile' },
  // A widget's own pages by key, as `redirect.dispatch({ path: '/_/KEY/PAGE' })` names them.
  { name: 'page', pattern: '/_/:app_key/*' },
]

const platform: Platform = await (await fetch('/api/platform')).json()
// The names the panel shows, by app_key and by `app_key/page_key`, in every language.
const names = new Map<string, Text>()
for (const w of platform.widgets) {
  names.set(w.app_key, w.name)
  for (const page of w.pages ?? []) names.set(`${w.app_key}/${page.key}`, page.name ?? page.key)
}
const saved = (key: string) => localStorage.getItem(`example-panel:${key}`)
let locale: Locale = saved('locale') === 'en' ? 'en' : 'fa'
let scheme: Scheme = saved('scheme') === 'dark' ? 'dark' : 'light'
// Receipts' titles in the panel's language at the time of the look-up.
const backend = createEmulatorBackend({
  emulator: platform.emulator,
  user: 'dr-1',
  locale: () => locale,
})

async function diagnose(url: string): Promise<Diagnosis | undefined> {
  const res = await fetch(`/api/diagnose?url=${encodeURIComponent(url)}`)
  return (await res.json()) ?? undefined
}

// One host per context: the dashboard's widgets and the profile's are registered apart.
const hosts = new Map<HostContext, Host>()
function hostFor(context: HostContext): Host {
  let host = hosts.get(context)
  if (host) return host
  host = createHost({
    context,
    // Names and product and plan titles go per locale and follow `setLocale`; page names are one
    // string to the host: those of the page's first language.
    widgets: inContext(context).map(
      ({ contexts: _, products = [], plans = [], pages, ...widget }) => ({
        ...widget,
        ...(pages && {
          pages: pages.map(({ name, ...page }) => ({
            ...page,
            ...(name !== undefined && { name: inLocale(name, locale) }),
          })),
        }),
        products,
        plans,
      }),
    ),
    backend,
    locale,
    theme: { ...THEME, colorScheme: scheme },
    // The doctor looks at their own profile: the one case a profile widget may ask for
    // `provider.*` scopes. Take it from your session, never from the address.
    ...(context === 'doctor-profile' && { profile: { provider_id: 'dr-1', user_id: 'dr-1' } }),
    navigate: (url) => go(new URL(url).pathname + new URL(url).search),
    diagnose,
  })
  hosts.set(context, host)
  return host
}

const inContext = (context: HostContext) =>
  platform.widgets.filter((w) => w.contexts.includes(context))

function setLocale(next: Locale) {
  locale = next
  localStorage.setItem('example-panel:locale', next)
  applyLocale(next, names)
  for (const host of hosts.values()) host.setLocale(next)
}

function setScheme(next: Scheme) {
  scheme = next
  localStorage.setItem('example-panel:scheme', next)
  document.documentElement.dataset.theme = next
  for (const host of hosts.values()) host.setTheme({ ...THEME, colorScheme: next })
  schemeButton.setAttribute('aria-pressed', String(next === 'dark'))
}

/** A widget's name (`key`: its app_key) or its page's (`app_key/page_key`). */
const nameTag = (key: string) =>
  h('span', { 'data-name': key }, nameOf(names.get(key) ?? key, locale))

function navigation(): HTMLElement {
  const links = [h('a', { href: '/', 'data-link': '' }, word('home'))]
  for (const w of inContext('doctor-panel')) {
    links.push(h('a', { href: `/widgets/${w.app_key}`, 'data-link': '' }, nameTag(w.app_key)))
    for (const page of w.pages ?? []) {
      if (page.parameters?.length) continue
      const key = `${w.app_key}/${page.key}`
      links.push(h('a', { href: `/_/${key}`, 'data-link': '', class: 'sub' }, nameTag(key)))
    }
  }
  links.push(h('a', { href: '/profile', 'data-link': '' }, word('profile')))
  return h('nav', {}, h('ul', {}, ...links.map((a) => h('li', {}, a))))
}

const languageMenu = h(
  'select',
  { id: 'language' },
  h('option', { value: 'fa', lang: 'fa' }, 'فارسی'),
  h('option', { value: 'en', lang: 'en' }, 'English'),
) as HTMLSelectElement
languageMenu.value = locale
languageMenu.addEventListener('change', () => setLocale(languageMenu.value as Locale))
const schemeButton = h('button', { type: 'button', id: 'theme' }, word('dark'))
schemeButton.addEventListener('click', () => setScheme(scheme === 'dark' ? 'light' : 'dark'))

const view = h('main', { id: 'view' })
document.body.replaceChildren(
  h(
    'header',
    {},
    word('title', 'strong', { class: 'brand' }),
    h('label', {}, word('language'), languageMenu),
    schemeButton,
  ),
  h('div', { class: 'layout' }, navigation(), view),
)
setScheme(scheme)
applyLocale(locale, names)

let leave = () => {}
function notFound() {
  view.replaceChildren(
    word('notFound', 'h1'),
    word('notFoundText', 'p'),
    h('a', { href: '/', 'data-link': '' }, word('back')),
  )
  view.dataset.view = 'not-found'
}

function render() {
  leave()
  leave = () => {}
  for (const link of document.querySelectorAll('nav a')) {
    if ((link as HTMLAnchorElement).pathname === location.pathname) {
      link.setAttribute('aria-current', 'page')
    } else link.removeAttribute('aria-current')
  }
  const found = match(ROUTES, location.pathname, location.search)
  if (!found) return notFound()
  const context: HostContext = found.name === 'profile' ? 'doctor-profile' : 'doctor-panel'
  const shown = inContext(context).map((w) => w.app_key)
  const keys =
    found.name === 'profile'
      ? shown
      : [found.params.app_key ?? shown[0]].filter((k) => k !== undefined)
  if (!keys.length || keys.some((key) => !shown.includes(key))) return notFound()
  const heading = found.name === 'profile' ? word('profile', 'h1') : h('h1', {}, nameTag(keys[0]!))
  view.replaceChildren(heading)
  if (found.name === 'home') view.append(word('homeText', 'p'))
  if (found.name === 'profile') view.append(word('profileText', 'p'))
  view.dataset.view = found.name
  const options = found.name === 'page' ? { path: found.rest, fill: true } : {}
  const slots: { unmount: () => void }[] = []
  leave = () => {
    for (const slot of slots) slot.unmount()
  }
  for (const key of keys) {
    const slot = widgetSlot(view, hostFor(context), key, options)
    if (!slot) {
      leave()
      return notFound()
    }
    slots.push(slot)
  }
}

const go = startRouter(render)
