// The widget's registered top-level pages: paths on its origin that it opens outside the panel
// (a start page, the page an OAuth provider returns to). `check` loads each on its own, as the
// doctor's browser opens it. Read from the registration through this accessor, which takes a
// registration without the field as one with none.
import type { AppConfig } from '../shared/config-types.js'
import type { Target } from './finding.js'

/** The registration's `topLevelPages` (`/app/`, `/app/start.html`); none when it has none. */
export function topLevelPagesOf(app: object): string[] {
  const given = (app as { topLevelPages?: unknown }).topLevelPages
  if (!Array.isArray(given)) return []
  return given.filter((p): p is string => typeof p === 'string' && /^\/(?!\/)/.test(p))
}

/** A load of each top-level page, at the widget's origin, outside the panel. */
export function topLevelTargets(app: Pick<AppConfig, 'app_key' | 'url'>): Target[] {
  const origin = new URL(app.url).origin
  return topLevelPagesOf(app).map((path) => ({
    app_key: app.app_key,
    label: `top-level ${path}`,
    panelUrl: '',
    widgetUrl: new URL(path, origin).href,
    context: 'doctor-panel',
    topLevel: true,
  }))
}
