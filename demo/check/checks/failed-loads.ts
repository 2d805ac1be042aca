// The files a page asked for that did not load (a font, a prefetch link, a script): a note.
import type { Check } from '../observation.js'

const MAX_SHOWN = 5

export const failedLoads: Check = ({ failed, app, engine }) => {
  if (failed.length === 0) return []
  const own = new URL(app.url).origin
  const short = (url: string) => {
    const u = new URL(url)
    return u.origin === own ? `${u.pathname}${u.search}` : url
  }
  const byUrl = new Map<string, string>()
  for (const f of failed) if (!byUrl.has(f.url)) byUrl.set(f.url, f.why)
  const shown = [...byUrl]
    .slice(0, MAX_SHOWN)
    .map(([url, why]) => `${short(url)} (${why})`)
    .join(', ')
  const rest = byUrl.size > MAX_SHOWN ? `; and ${byUrl.size - MAX_SHOWN} more` : ''
  return [
    {
      check: 'page.failed-load',
      severity: 'note',
      title: `Files the page asked for did not load: ${shown}${rest}`,
      why: `${engine[0]!.toUpperCase()}${engine.slice(1)} reported these loads as failed while the page loaded in the panel.`,
      seen: 'Usually little: a font falls back, a prefetch is wasted; a missing script or style can break a part of the page.',
      fix: 'Serve each file at that URL, or remove what asks for it (a <link rel="prefetch">, an @font-face src, a tag).',
    },
  ]
}
