// Where the host mounts a doctor-panel widget: a card's area on the dashboard, or the whole
// content area on the widget's own page.

import type { DoctorPanel } from './doctor-data.js'
import { missingPage } from './doctor-layout.js'
import { h } from './dom.js'
import type { Strings } from './i18n.js'
import { keep } from './redraw.js'

export function widgetArea(
  panel: DoctorPanel,
  t: Strings,
  app_key: string | undefined,
  { full = false }: { full?: boolean } = {},
): HTMLElement {
  const area = h('div', { class: full ? 'widget-area full' : 'widget-area' })
  const app = panel.widgets.find((w) => w.app_key === app_key)
  if (!app) {
    area.append(h('p', { class: 'muted' }, t.noWidgets))
    return area
  }
  // Drawn again in another language: the widget stays in the area it is mounted in, which the
  // redraw keeps (redraw.ts); this one only marks the place.
  if (document.querySelector(`[data-widget-area="${CSS.escape(app.app_key)}"]`)) return area
  const { widgetPage } = panel
  queueMicrotask(() => {
    // `/_/{app_key}/{rest}`: the widget's page by key (or below its URL, for one without pages).
    const path = widgetPage ? `${widgetPage[2] ?? ''}${location.search}` : undefined
    if (full) fillContentArea(area)
    try {
      panel.host.mount(area, app.app_key, { ...(path !== undefined && { path }), fill: full })
      area.dataset.widgetArea = app.app_key
      keep(area)
    } catch {
      // A page it does not register, or a path that would leave its URL: nothing is mounted.
      area.replaceChildren(...missingPage(t))
      area.className = 'widget-area'
      area.style.height = ''
    }
  })
  return area
}

/**
 * A widget shown as a page, as the original lays it out: its frame as tall as the panel's content
 * area (from its top to the window's bottom), whatever its content's height; the widget scrolls
 * inside it.
 */
function fillContentArea(area: HTMLElement) {
  const toArea = () => {
    if (!area.classList.contains('full')) return
    const top = area.getBoundingClientRect().top + scrollY
    const below = Number.parseFloat(getComputedStyle(area.parentElement ?? area).paddingBottom) || 0
    area.style.height = `${Math.max(320, Math.floor(innerHeight - top - below))}px`
  }
  toArea()
  addEventListener('resize', toArea)
}
