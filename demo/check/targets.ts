// Where a widget is loaded: each context it declares and each page it registers by key, as the
// panel's URLs show them, in Persian (what a doctor sees first); then its top-level pages, alone.
import type { HostContext } from 'platform-widget-sdk/events'
import type { AppConfig } from '../shared/config-types.js'
import type { Target } from './finding.js'
import { topLevelTargets } from './top-level.js'

const CONTEXT_PATHS: Record<HostContext, (key: string) => string> = {
  'doctor-panel': (key) => `/panel/apps/${key}`,
  'booking-flow': () => '/booking',
  'doctor-profile': () => '/profile',
}

/** The targets of one widget on the panel at `panel`. */
export function targetsOf(
  app: Pick<AppConfig, 'app_key' | 'url' | 'contexts' | 'pages'>,
  panel: string,
): Target[] {
  const key = encodeURIComponent(app.app_key)
  const at = (path: string) => `${panel}${path}?lang=fa`
  const targets: Target[] = app.contexts.map((context) => ({
    app_key: app.app_key,
    label: context,
    panelUrl: at(CONTEXT_PATHS[context](key)),
    widgetUrl: app.url,
    context,
  }))
  for (const page of app.pages ?? []) {
    targets.push({
      app_key: app.app_key,
      label: `page ${page.key}`,
      panelUrl: at(`/_/${key}/${encodeURIComponent(page.key)}`),
      widgetUrl: page.embed_src,
      context: 'doctor-panel',
    })
  }
  return [...targets, ...topLevelTargets(app)]
}
