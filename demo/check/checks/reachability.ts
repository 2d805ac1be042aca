// The page answers, where it was registered: not down, not an error status, not sent elsewhere.
import type { Finding } from '../finding.js'
import type { Check } from '../observation.js'

export const reachability: Check = ({ http, app, frameUrl, platform, requests, target }) => {
  const found: Finding[] = []
  if (http.error !== undefined) {
    found.push({
      check: 'page.unreachable',
      severity: 'error',
      title: `${http.url} did not answer (${http.error})`,
      seen: "The doctor sees the panel's notice that the widget did not come up.",
      fix: 'Start the server that serves the page (npm run dev), or fix the registered URL.',
    })
  } else if (http.status !== undefined && http.status >= 400) {
    found.push({
      check: 'page.status',
      severity: 'error',
      title: `${http.url} answered HTTP ${http.status}`,
      seen: "The doctor sees your server's error page in the widget's place.",
      fix: 'Serve the page at the registered URL with status 200.',
    })
  }
  const own = new URL(app.url).origin
  // A top-level page may send the tab anywhere; only a frame is bound to its registered origin.
  const framed = !target.topLevel
  const elsewhere = framed && http.redirects.find((to) => new URL(to).origin !== own)
  if (elsewhere) {
    found.push({
      check: 'page.redirect',
      severity: 'error',
      title: `The page redirects to another origin: ${elsewhere}`,
      seen: 'The widget does not come up: the panel talks only to the origin it registered.',
      fix: `Serve the page at its registered origin (${own}), or register the URL it ends at.`,
    })
  }
  const secure = platform.startsWith('https:') || frameUrl.startsWith('https:')
  const plain = secure ? requests.filter((url) => url.startsWith('http:')) : []
  if (secure && (frameUrl.startsWith('http:') || plain.length)) {
    found.push({
      check: 'page.mixed-content',
      severity: 'error',
      title: `Plain http in a secure page: ${frameUrl.startsWith('http:') ? frameUrl : plain[0]}`,
      seen: 'The browser blocks it: the widget is blank or misses what that request brought.',
      fix: 'Serve the page and everything it loads over https.',
    })
  }
  return found
}
