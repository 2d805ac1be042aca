// The page lets the panel frame it: no X-Frame-Options, no CSP frame-ancestors that leaves out
// the platform's origin.

import type { Finding } from '../finding.js'
import { allows, directive } from '../http-facts.js'
import type { Check } from '../observation.js'

const SEEN = "The widget's place stays empty, or shows the browser's own refused-to-connect page."

export const framing: Check = ({ http, platform }) => {
  const found: Finding[] = []
  const xfo = http.xFrameOptions?.trim().toUpperCase()
  if (xfo) {
    found.push({
      check: 'framing.x-frame-options',
      severity: 'error',
      title: `The page sends X-Frame-Options: ${http.xFrameOptions}`,
      seen: SEEN,
      fix: `Drop X-Frame-Options from the page; to limit who frames it, send Content-Security-Policy: frame-ancestors ${platform}.`,
    })
  }
  for (const policy of http.csp) {
    const sources = directive(policy, 'frame-ancestors')
    if (sources && !allows(sources, platform)) {
      found.push({
        check: 'framing.frame-ancestors',
        severity: 'error',
        title: `The page's CSP frame-ancestors (${sources.join(' ') || "'none'"}) leaves out the platform, ${platform}`,
        seen: SEEN,
        fix: `Add ${platform} (the platform's origin in production) to frame-ancestors.`,
      })
    }
  }
  return found
}
