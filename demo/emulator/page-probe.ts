// Why a registered widget's page does not come up, as the dev panel explains it: the emulator
// (a Node process, free of the browser's CORS) fetches the page registered for the widget, and
// only that URL, and reports whether it loaded and which platform.js it loads from where.

/** Bytes of the page read, and how long to wait for it. */
export const PROBE_BYTES = 512 * 1024
export const PROBE_MS = 3000

export type PageProbe =
  | { loaded: false; url: string; error: string }
  | { loaded: true; url: string; status: number; scripts: string[] }

/** The `src` of each script tag whose file is `platform.js`, made absolute against `url`. */
export function platformScripts(html: string, url: string): string[] {
  const found: string[] = []
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag)
    const value = src?.[1] ?? src?.[2] ?? src?.[3]
    if (!value) continue
    try {
      const absolute = new URL(value, url)
      if (/(?:^|\/)platform\.js$/.test(absolute.pathname)) found.push(absolute.href)
    } catch {
      // Not a URL: not a script the page can load either.
    }
  }
  return found.slice(0, 10)
}

export async function probePage(url: string, fetcher: typeof fetch = fetch): Promise<PageProbe> {
  let res: Response
  try {
    res = await fetcher(url, { signal: AbortSignal.timeout(PROBE_MS), redirect: 'follow' })
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause
    return { loaded: false, url, error: cause?.code ?? (error as Error).name ?? 'ERROR' }
  }
  let html = ''
  const reader = res.body?.getReader()
  if (reader) {
    const decoder = new TextDecoder()
    let read = 0
    while (read < PROBE_BYTES) {
      const { done, value } = await reader.read()
      if (done) break
      read += value.byteLength
      html += decoder.decode(value, { stream: true })
    }
    await reader.cancel().catch(() => {})
  }
  // A chunk can be larger than what is left: the bound holds for what is parsed too.
  html = html.slice(0, PROBE_BYTES)
  return { loaded: true, url, status: res.status, scripts: platformScripts(html, res.url || url) }
}
