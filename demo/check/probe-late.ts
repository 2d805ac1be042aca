// What the page's DOM still says after load, for an engine that runs no script before the
// page's own (WebKit's WebDriver classic): the SDK's script tag and whether `window.platform` is
// there. Calls, rejections and the page's console happened before anyone could watch them: the
// checks that need them are "not checked" in such an engine (checks/index.ts, BLIND_SPOTS).
import type { CheckPage } from './browser.js'
import type { ProbeRecord } from './probe.js'

export type { ProbeRecord }

/** Evaluated in the widget's frame; self-contained (its source is sent to the browser). */
export function lateProbe(): ProbeRecord | undefined {
  if (!location.protocol.startsWith('http')) return undefined
  // WebKit leaves a refused frame (X-Frame-Options, frame-ancestors) an empty document at the
  // page's URL: nothing of the page to read.
  if (!document.head?.childNodes.length && !document.body?.childNodes.length) return undefined
  const all = Array.from(document.scripts)
  // The SDK's tag by its file name: which script installed window.platform is not known here.
  const tag = all.find((s) => /\/platform[\w.-]*\.js(?:[?#]|$)/.test(s.src))
  const record: ProbeRecord = {
    readEarly: false,
    calls: [],
    rejected: [],
    unhandled: [],
    errors: [],
    console: [],
    tokens: [],
    pending: {},
    late: { sdk: !!(window as { platform?: unknown }).platform },
  }
  if (tag) {
    record.script = {
      src: tag.src,
      inHead: tag.parentElement === document.head,
      before: all
        .slice(0, all.indexOf(tag))
        .filter((s) => s.src && s.type !== 'module' && !s.defer && !s.async)
        .map((s) => s.src),
    }
  }
  return record
}

/**
 * The page's markup and its own origin's scripts, fetched from inside the frame: for an engine
 * whose protocol gives no response bodies (the scopes check looks for scopes named there).
 */
export async function pageSources(page: CheckPage, selector: string): Promise<string[]> {
  return page
    .evaluate(
      selector,
      async () => {
        const cut = (text: string) => text.slice(0, 2 * 1024 * 1024)
        const own = Array.from(document.scripts)
          .map((s) => s.src)
          .filter((src) => src && new URL(src).origin === location.origin)
        const texts = await Promise.all(
          own.map((src) =>
            fetch(src)
              .then((r) => r.text())
              .catch(() => ''),
          ),
        )
        return [cut(document.documentElement.outerHTML), ...texts.map(cut)]
      },
      undefined,
    )
    .catch(() => [])
}
