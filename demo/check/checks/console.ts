// The page's console errors and warnings during load, grouped by text.
import type { Finding } from '../finding.js'
import type { Check } from '../observation.js'
import { unhandledCalls } from './rejections.js'

const MAX_SHOWN = 5

export const consoleLines: Check = (o) => {
  const { console: lines, probe, pageErrors } = o
  const widget = new URL(o.frameUrl || o.app.url).origin
  // The SDK's rejections have a finding of their own (rejections.ts).
  const sdk = new Set(unhandledCalls(o).map((u) => u.message))
  // A failed load the browser told the console of has a note of its own (failed-loads.ts):
  // Chromium's "Failed to load resource", Firefox's "downloadable font: download failed … source: URL".
  const loads = !o.blind?.includes('network')
  const aboutLoad = (text: string) =>
    loads &&
    (text.startsWith('Failed to load resource') || o.failed.some((f) => text.includes(f.url)))
  const uncaught = pageErrors
    .filter((e) => e.stack.includes(widget) && !sdk.has(e.message) && !aboutLoad(e.message))
    .map((e) => `Uncaught ${e.message}`)
  // The page's own console calls (the probe, in words), then what only the browser saw (a
  // refused load). Where the probe watched from the start, it saw every call the browser shows.
  const own = probe?.console ?? []
  const watched = !!probe && !probe.late
  const browser = lines.filter(
    (l) =>
      !(watched && l.call) &&
      !(!l.call && aboutLoad(l.text)) &&
      !own.some((o) => o.text === l.text),
  )
  const all = [
    ...own,
    ...browser,
    ...[...(probe?.errors ?? []), ...uncaught].map((text) => ({ level: 'error' as const, text })),
  ]
  const found: Finding[] = []
  for (const level of ['error', 'warning'] as const) {
    const counts = new Map<string, number>()
    for (const line of all) {
      if (line.level !== level) continue
      const text = line.text.split('\n')[0]!.slice(0, 200)
      counts.set(text, (counts.get(text) ?? 0) + 1)
    }
    if (counts.size === 0) continue
    const shown = [...counts]
      .slice(0, MAX_SHOWN)
      .map(([text, n]) => (n > 1 ? `${text} (×${n})` : text))
    const rest = counts.size > MAX_SHOWN ? `; and ${counts.size - MAX_SHOWN} more` : ''
    found.push({
      check: `console.${level}`,
      severity: level === 'error' ? 'warning' : 'note',
      title: `Console ${level}s while loading: ${shown.join(' | ')}${rest}`,
      why: `The page's console showed these ${level}s while it loaded in the panel (${o.engine}).`,
      seen:
        level === 'error' ? 'Often a part of the widget that does not work.' : 'Usually nothing.',
      fix: "Open the widget in the dev panel with the browser's console on the widget's frame, and fix each.",
    })
  }
  return found
}
