// A widget's pages by key in the fixture: the panel route that opens one, and what says a page is
// shown (the panel's address names it, and the widget's frame holds the URL its registration
// gives, computed by the host's own code).
import { expect, type Locator, type Page } from '@playwright/test'
import { type MountOptions, mountUrl } from '../../src/host-kit/pages.js'

/** A widget as the panel's `/config.json` lists it: its URL and registered pages. */
interface Registration {
  app_key: string
  url: string
  pages?: NonNullable<Parameters<typeof mountUrl>[0]['pages']>
}

const PAGES = {
  'doctor-panel': '/panel/apps',
  'booking-flow': '/booking',
  'doctor-profile': '/profile',
}

/**
 * The panel path `panel.open` goes to: a page by key, a page under the widget's URL, or the
 * context's page.
 */
export function panelPath(
  app_key: string,
  options: {
    context: keyof typeof PAGES
    page: string | undefined
    pageKey: string | undefined
    params: readonly string[] | undefined
  },
): string {
  const { context, page, pageKey, params } = options
  if (page !== undefined && pageKey !== undefined) {
    throw new Error('panel.open: give `page` (a path) or `pageKey`, not both')
  }
  const key = encodeURIComponent(app_key)
  if (pageKey !== undefined) return pageRoute(app_key, pageKey, params)
  if (page !== undefined) return `/_/${key}/${page.replace(/^\/+/, '')}`
  return context === 'doctor-panel' ? `${PAGES[context]}/${key}` : PAGES[context]
}

/** The panel route of a widget's page by key: `/_/{app_key}/{key}/{params…}`, each encoded. */
export function pageRoute(app_key: string, pageKey: string, params: readonly string[] = []) {
  return ['', '_', app_key, pageKey, ...params].map(encodeURIComponent).join('/')
}

/** The widget's page a panel address shows, or undefined: `/_/{app_key}/{key}/{params…}`. */
export function routedPage(
  href: string,
  app_key: string,
): { key: string; params: string[]; path: string } | undefined {
  const url = new URL(href)
  const prefix = `/_/${encodeURIComponent(app_key)}/`
  if (!url.pathname.startsWith(prefix)) return undefined
  const rest = url.pathname.slice(prefix.length)
  const segments = rest.split('/').filter((s, i, all) => s !== '' || i < all.length - 1)
  const [key, ...params] = segments.map((s) => decodeURIComponent(s))
  if (!key) return undefined
  return { key, params, path: `${rest}${url.search}` }
}

const registrations = new Map<string, Promise<Registration[]>>()

/** The widgets the panel at `panel` registers (read once per panel). */
async function registered(panel: string): Promise<Registration[]> {
  let found = registrations.get(panel)
  if (!found) {
    found = fetch(`${panel}/config.json`).then(async (res) => {
      if (!res.ok) throw new Error(`${panel}/config.json answered ${res.status}`)
      return ((await res.json()) as { apps: Registration[] }).apps
    })
    registrations.set(panel, found)
    found.catch(() => registrations.delete(panel))
  }
  return found
}

/**
 * The URL the widget's frame holds on the panel route `path` (`{key}/{params…}?{query}`), as the
 * host computes it from the registration; throws when the widget registers no such page.
 */
export async function expectedFrameUrl(
  panel: string,
  app_key: string,
  path: MountOptions['path'],
): Promise<string> {
  const widget = (await registered(panel)).find((w) => w.app_key === app_key)
  if (!widget) throw new Error(`${app_key} is not registered with the panel at ${panel}`)
  if (!widget.pages?.length) throw new Error(`${app_key} registers no pages`)
  return mountUrl(widget, { path })
}

/**
 * Waits until the panel shows `app_key`'s registered page `pageKey` (with `params`, when given):
 * the panel's address names it, and the widget's frame holds the URL the registration gives for it
 * and has loaded it. On a timeout, says what is still missing.
 */
export async function widgetPageShown(options: {
  page: Page
  iframe: Locator
  panel: string
  app_key: string
  pageKey: string
  params: readonly string[] | undefined
  timeout: number
}): Promise<void> {
  const { page, iframe, panel, app_key, pageKey, params, timeout } = options
  /** What is still missing, or '' once the frame has loaded the page's URL. */
  const missing = async () => {
    const routed = routedPage(page.url(), app_key)
    if (routed?.key !== pageKey) return `the panel is at ${page.url()}`
    if (params && JSON.stringify(routed.params) !== JSON.stringify(params)) {
      return `the page's parameters are ${routed.params.join(', ')}`
    }
    const expected = await expectedFrameUrl(panel, app_key, routed.path)
    const element = await iframe.elementHandle({ timeout: 1_000 }).catch(() => null)
    if (!element) return 'no frame is mounted'
    const src = await element.getAttribute('src')
    if (src !== expected) return `the frame's URL is ${src}, not ${expected}`
    // Loaded: the frame's document is at that URL (its query may change once there).
    const at = (await element.contentFrame())?.url()
    const path = (href: string) => href.replace(/[?#].*$/, '')
    return at && path(at) === path(expected) ? '' : 'the frame is still loading it'
  }
  const want = params ? `${pageKey} (${params.join(', ')})` : pageKey
  await expect
    .poll(missing, { message: `the panel shows ${app_key}'s page ${want}`, timeout })
    .toBe('')
}
