import { isLoopback } from '../events/index.js'
import { invalid } from '../events/wire.js'
import { withoutBidi } from '../host-kit/dialog/dom.js'
import { checkName } from '../host-kit/names.js'
import { checkPages } from './page-registration.js'
import { checkTopLevelPages } from './top-level-pages.js'
import type { WidgetRegistration } from './types.js'

// The widgets a host is given, checked whole before it touches the page.
/**
 * Widget URLs must be https (http only on this machine, for development) and on another origin
 * than the panel: a same-origin page with `allow-scripts allow-same-origin` could lift its own
 * sandbox and script the panel. Each widget needs an origin of its own: two frames on one origin
 * can script each other (`parent.frames`), so one widget could take the other's token or open
 * its payments. Bidi controls are removed from names and product and plan titles.
 */
export function checkRegistry(
  widgets: WidgetRegistration[],
  panelOrigin: string,
): Map<string, WidgetRegistration & { origin: string }> {
  const registry = new Map<string, WidgetRegistration & { origin: string }>()
  const origins = new Map<string, string>()
  checkTopLevelPages(widgets)
  for (const [i, widget] of widgets.entries()) {
    let url: URL
    try {
      url = new URL(widget.url)
    } catch {
      throw invalid('url', `${widget.app_key}: not an absolute URL`)
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
      throw invalid(
        'url',
        `${widget.app_key}: must be https (http only on localhost, *.localhost, 127.0.0.1 or [::1])`,
      )
    }
    if (url.origin === panelOrigin) {
      throw invalid('url', `${widget.app_key}: must not be on the panel origin`)
    }
    if (registry.has(widget.app_key))
      throw invalid('app_key', `${widget.app_key} is registered twice`)
    const twin = origins.get(url.origin)
    if (twin !== undefined) {
      throw invalid(
        'url',
        `${widget.app_key}: ${url.origin} is already the origin of ${twin}; each widget needs its own origin`,
      )
    }
    origins.set(url.origin, widget.app_key)
    const pages = checkPages(widget.app_key, url.origin, widget.pages, withoutBidi)
    registry.set(widget.app_key, {
      ...widget,
      name: checkName(widget.name, widget.app_key, `widgets[${i}].name`),
      ...(pages && { pages }),
      ...(widget.topLevelPages && { topLevelPages: [...widget.topLevelPages] }),
      ...(widget.products && {
        products: widget.products.map((p, j) => ({
          ...p,
          title: checkName(p.title, widget.app_key, `widgets[${i}].products[${j}].title`),
        })),
      }),
      ...(widget.plans && {
        plans: widget.plans.map((p, j) => ({
          ...p,
          title: checkName(p.title, widget.app_key, `widgets[${i}].plans[${j}].title`),
        })),
      }),
      origin: url.origin,
    })
  }
  return registry
}

/** `https://panel.example/` → `https://panel.example`; anything with a path, query or hash is refused. */
export function bareOrigin(value: string, field = 'panelOrigin'): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw invalid(field, `"${value}" is not an origin`)
  }
  if (url.pathname !== '/' || url.search || url.hash || url.origin === 'null') {
    throw invalid(field, `"${value}" must be a bare origin such as https://panel.example`)
  }
  return url.origin
}
