import type { HostContext, HostTheme, WidgetRegistration } from 'platform-widget-sdk/host'
import type { AppConfig, Localized } from '../../shared/config-types.js'
import { h, icon } from './dom.js'
import { type Locale, STRINGS, type Strings } from './i18n.js'

/** The built host shim, loaded at run time from the panel's own /dist, as a panel page would. */
const HOST_MODULE = '/dist/host.js'
export type HostModule = typeof import('platform-widget-sdk/host')

export async function loadHost(): Promise<HostModule> {
  return (await import(HOST_MODULE)) as HostModule
}

/** The built test kit, whose `createDevHost` the panel's pages use: see {@link loadDevHost}. */
const TESTING_MODULE = '/dist/testing.js'
type DevHost = typeof import('platform-widget-sdk/testing')['createDevHost']

/**
 * `createDevHost` of the built test kit: the dev panel's host keeps every defence of
 * `createHost` and offers test outcomes in its payment dialogs (the backend's `testOutcomes`),
 * which `createHost` cannot.
 */
export async function loadDevHost(): Promise<DevHost> {
  return ((await import(TESTING_MODULE)) as { createDevHost: DevHost }).createDevHost
}

/** What /config.json holds: no developer keys, no webhook secrets. */
export interface PageConfig {
  emulator: string
  users: { doctor: string; patient: string }
  apps: Omit<AppConfig, 'developer_key' | 'app_id' | 'webhook_url' | 'webhook_secret'>[]
}

/**
 * The page's config, each widget's name as the host's dialogs show it: without bidi controls
 * (the host's own `withoutBidi`), so the sidebar, headings and page title cannot be reordered
 * by a registered name ("‮lanigiro" shown as "original") any more than the dialogs can.
 */
export async function loadConfig(): Promise<PageConfig> {
  const [res, host] = await Promise.all([fetch('/config.json'), loadHost()])
  const config = (await res.json()) as PageConfig
  const sandbox = currentSandbox()
  // Over a sandbox, every call the page and its host make goes to that isolated emulator.
  if (sandbox) config.emulator = `${config.emulator}/sandboxes/${sandbox}`
  return cleanNames(config, host.withoutBidi)
}

const SANDBOX_ID = /^sbx_[0-9a-f]{24}$/

/**
 * The emulator sandbox this tab works over (`?sandbox=sbx_…`, as the Playwright fixture opens
 * the panel): given once, kept for the tab, so the panel's own links and a widget's redirects
 * stay in it. Anything but a sandbox id is ignored.
 */
export function currentSandbox(): string | undefined {
  const given = new URLSearchParams(location.search).get('sandbox')
  if (given && SANDBOX_ID.test(given)) sessionStorage.setItem('platform-dev-sandbox', given)
  const kept = sessionStorage.getItem('platform-dev-sandbox')
  return kept && SANDBOX_ID.test(kept) ? kept : undefined
}

/** `config` with every widget name passed through `clean`, in each locale. */
export function cleanNames(config: PageConfig, clean: (text: string) => string): PageConfig {
  const name = (text: Localized): Localized =>
    typeof text === 'string' ? clean(text) : { fa: clean(text.fa), en: clean(text.en) }
  return { ...config, apps: config.apps.map((app) => ({ ...app, name: name(app.name) })) }
}

/** Keeps `locale` for the next page (`currentLocale`). */
function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem('demo.locale', locale)
  } catch {}
}

/** `?lang=` wins and is remembered; then what was remembered; then Persian. */
export function currentLocale(): Locale {
  const asked = new URLSearchParams(location.search).get('lang')
  if (asked === 'fa' || asked === 'en') {
    rememberLocale(asked)
    return asked
  }
  try {
    const saved = localStorage.getItem('demo.locale')
    if (saved === 'fa' || saved === 'en') return saved
  } catch {}
  return 'fa'
}

export const THEMES = ['default', 'clinic'] as const
export type ThemeName = (typeof THEMES)[number]

/** `?theme=` wins and is remembered, like the language; then what was remembered; then default. */
export function currentTheme(): ThemeName {
  const asked = new URLSearchParams(location.search).get('theme')
  if (THEMES.includes(asked as ThemeName)) {
    try {
      localStorage.setItem('demo.theme', asked as ThemeName)
    } catch {}
    return asked as ThemeName
  }
  try {
    const saved = localStorage.getItem('demo.theme')
    if (THEMES.includes(saved as ThemeName)) return saved as ThemeName
  } catch {}
  return 'default'
}

/**
 * The host's `theme` for the page's theme, and the page's own colours (panel.css reads
 * `data-theme`). The demo pages are light only, so the dialogs are pinned to light too, unless
 * `?scheme=auto` (follow the user) or `?scheme=dark` asks otherwise.
 */
export function applyTheme(name: ThemeName): HostTheme {
  document.documentElement.dataset.theme = name
  const asked = new URLSearchParams(location.search).get('scheme')
  const colorScheme = asked === 'auto' || asked === 'dark' ? asked : 'light'
  if (name === 'default') return { colorScheme }
  return {
    colorScheme,
    accent: '#0f766e',
    accentText: '#ffffff',
    surface: '#fbfdfc',
    text: '#16302d',
    radius: '6px',
    font: 'Vazirmatn, "Noto Sans Arabic", Tahoma, sans-serif',
    dark: { accent: '#5eead4', accentText: '#042f2e', surface: '#0f1f1d', text: '#e2f1ee' },
  }
}

export function localize(text: Localized, locale: Locale): string {
  return typeof text === 'string' ? text : text[locale]
}

/**
 * The host's registrations of the widgets enabled on this page. Names and product and plan titles
 * go in both languages, which the host follows on `setLocale`; page names are one string to the
 * host: those of the page's first language.
 */
export function registrations(
  config: PageConfig,
  context: HostContext,
  locale: Locale,
): WidgetRegistration[] {
  return config.apps
    .filter((app) => app.contexts.includes(context))
    .map((app) => ({
      app_key: app.app_key,
      url: app.url,
      name: app.name,
      scopes: app.scopes,
      products: app.products,
      plans: app.plans,
      ...(app.pages && {
        pages: app.pages.map(({ name, ...p }) => ({
          ...p,
          ...(name !== undefined && { name: localize(name, locale) }),
        })),
      }),
      ...(app.topLevelPages && { topLevelPages: app.topLevelPages }),
    }))
}

export function setDocument(locale: Locale, title: string): Strings {
  const t = STRINGS[locale]
  document.documentElement.lang = locale
  document.documentElement.dir = locale === 'fa' ? 'rtl' : 'ltr'
  document.title = `${title} · ${t.brand}`
  return t
}

/**
 * The language switch: a link to the same page in the other language. A plain click switches in
 * place: it remembers the language, puts it in the address (`?lang=`) and calls `onSwitch`,
 * which redraws the page around its widgets, not reloading them. A click with a modifier key
 * (a new tab or window) or another button follows the link.
 */
export function languageSwitch(
  locale: Locale,
  onSwitch: (next: Locale) => void,
): HTMLAnchorElement {
  const t = STRINGS[locale]
  const next: Locale = locale === 'fa' ? 'en' : 'fa'
  const url = new URL(location.href)
  url.searchParams.set('lang', next)
  const href = url.pathname + url.search
  const link = h(
    'a',
    { class: 'lang', href, hreflang: next, lang: next },
    icon('globe'),
    t.switchTo,
  )
  link.addEventListener('click', (event) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)
      return
    event.preventDefault()
    rememberLocale(next)
    history.replaceState(history.state, '', href)
    onSwitch(next)
  })
  return link
}

export function avatar(name: string, size: 'sm' | 'lg' = 'sm'): HTMLElement {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(-2)
    .map((part) => part.charAt(0))
    .join('\u200c')
  return h('span', { class: `avatar ${size}`, 'aria-hidden': 'true' }, initials)
}

export function userChip(name: string, role: string): HTMLElement {
  return h(
    'div',
    { class: 'user' },
    avatar(name),
    h('span', { class: 'who' }, h('strong', {}, name), h('small', {}, role)),
  )
}

export function logo(text: string): HTMLElement {
  return h(
    'a',
    { class: 'brand', href: '/panel' },
    h('img', { src: '/assets/logo.svg', alt: '', width: 32, height: 32 }),
    h('span', {}, text),
  )
}

/** A passing notice in the corner, for results the host reports (`host.on`). */
export function toast(text: string): void {
  let region = document.querySelector<HTMLElement>('.toasts')
  if (!region) {
    region = h('div', { class: 'toasts', role: 'status', 'aria-live': 'polite' })
    document.body.append(region)
  }
  const item = h('div', { class: 'toast' }, icon('check'), text)
  region.append(item)
  setTimeout(() => item.remove(), 4000)
}

/**
 * What the demo panels do when the host ends a widget (it took focus from a dialog by script):
 * the widget's frame is gone, so say why where the doctor looks.
 */
export function onViolation(strings: () => Strings): () => void {
  return () => toast(strings().widgetStopped)
}

export interface User {
  id: string
  first_name: string
  last_name: string
  latin_name?: string
  profile?: {
    title: string
    expertise: string
    medical_code: string
    biography: string
    rating: number
    centers: { id: string; name: string; city: string; address: string }[]
  }
}

export async function loadUser(config: PageConfig, id: string): Promise<User> {
  const res = await fetch(`${config.emulator}/internal/users/${encodeURIComponent(id)}`)
  return (await res.json()) as User
}

export function fullName(user: User, locale: Locale): string {
  if (locale === 'en') {
    const name = user.latin_name ?? `${user.first_name} ${user.last_name}`
    return user.profile ? `Dr. ${name}` : name
  }
  const name = `${user.first_name} ${user.last_name}`
  return user.profile ? `${user.profile.title} ${name}` : name
}
