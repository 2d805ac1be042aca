// The dev panel's help for a widget that did not come up (the host's `onUnresponsive`): under the
// host's neutral notice, why, found by the emulator fetching the widget's registered page (the
// browser cannot read another origin's page): the server is down, the page has no SDK script,
// its script comes from another panel (whose SDK refused this one: UNTRUSTED_HOST), or the SDK
// is this panel's and still did not answer. Everything from the page is shown as text.

import { h } from './dom.js'
import type { HintPart, NotUpStrings } from './i18n.js'

/** What `GET /internal/apps/{app_key}/page` answers (`demo/emulator/page-probe.ts`). */
type Probe =
  | { loaded: false; url: string; error: string; panel_origin: string }
  | { loaded: true; url: string; status: number; scripts: string[]; panel_origin: string }

const originOf = (url: string) => {
  try {
    return new URL(url).origin
  } catch {
    return url
  }
}

/** The hint for what the probe found. */
export function hintFor(probe: Probe, t: NotUpStrings): HintPart[] {
  const panel = probe.panel_origin
  if (!probe.loaded) return t.down(probe.url, probe.error)
  if (probe.scripts.length === 0) return t.noScript(probe.url, `${panel}/platform.js`)
  const ours = probe.scripts.some((src) => originOf(src) === panel)
  return ours ? t.silent(panel) : t.otherOrigin(originOf(probe.scripts[0]!), panel)
}

const paragraph = (parts: HintPart[]) =>
  h(
    'p',
    { class: 'not-up-hint' },
    ...parts.map((part) =>
      typeof part === 'string' ? part : h('code', { dir: 'ltr' }, part.code),
    ),
  )

/** The host's `onUnresponsive` for the dev panel: adds the hint to the host's notice. */
export function explainNotUp(emulator: string, t: NotUpStrings) {
  return async ({ app_key, notice }: { app_key: string; notice: HTMLElement }) => {
    notice.classList.add('not-up')
    let parts: HintPart[]
    try {
      const res = await fetch(`${emulator}/internal/apps/${encodeURIComponent(app_key)}/page`)
      if (!res.ok) throw new Error(`HTTP ${res.status}`)
      parts = hintFor((await res.json()) as Probe, t)
    } catch {
      parts = [t.unknown]
    }
    // The widget may have answered meanwhile: the host removed its notice.
    if (notice.isConnected) notice.append(paragraph(parts))
  }
}
