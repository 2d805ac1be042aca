import { DEV_APP_DEFAULTS, type HostContext, isLocalWebhookUrl } from 'platform-widget-sdk/events'
import type { AppConfig } from '../shared/config-types.js'

/**
 * A widget as the command line or a config file registers it: its developer key and webhook
 * secret only when the config file gives them; the rest come from this installation's secrets
 * (`withSecrets` in `config.ts`).
 */
export type ConfigApp = Omit<AppConfig, 'developer_key' | 'webhook_secret'> &
  Partial<Pick<AppConfig, 'developer_key' | 'webhook_secret'>>

/** `/api/webhooks` on the widget's own origin, when that origin is on this machine. */
export function defaultWebhookUrl(url: string): string | undefined {
  const guess = new URL('/api/webhooks', url).href
  return isLocalWebhookUrl(guess) ? guess : undefined
}

/**
 * Defaults for a widget registered with `--app KEY=URL`: named by its key, in the doctor panel,
 * unless `name` and `contexts` are given (`--app KEY=URL;name=…;contexts=…`), with a `launcher`
 * page at its URL. Its developer key
 * and webhook secret are this installation's, random (`withSecrets`), never derived from its key.
 */
export function quickApp(
  app_key: string,
  url: string,
  index: number,
  given: { name?: string; contexts?: HostContext[] } = {},
): ConfigApp {
  const webhook_url = defaultWebhookUrl(url)
  return {
    app_key,
    app_id: String(20001 + index),
    url,
    ...(webhook_url ? { webhook_url } : {}),
    name: given.name ?? app_key,
    // The defaults the test kit gives too: one copy each, never the shared constant itself.
    contexts: given.contexts ?? [...DEV_APP_DEFAULTS.contexts],
    scopes: [...DEV_APP_DEFAULTS.scopes],
    products: DEV_APP_DEFAULTS.products.map((p) => ({ ...p, title: { ...p.title } })),
    plans: DEV_APP_DEFAULTS.plans.map((p) => ({ ...p, title: { ...p.title } })),
    // The page the original platform opens a widget at (`/_/{app_key}/launcher/?direct=true`):
    // its own URL. A config file's `pages` replaces it (`[]`: the route's path is below the URL).
    pages: [{ key: 'launcher', embed_src: url, name: { fa: 'صفحهٔ ویجت', en: 'Widget page' } }],
  }
}
