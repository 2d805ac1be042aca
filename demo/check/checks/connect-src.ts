// A page's CSP lets the SDK reach the platform: renewals of a top-level page are a fetch there.

import type { Finding } from '../finding.js'
import { allows, directive } from '../http-facts.js'
import type { Check } from '../observation.js'

export const connectSrc: Check = ({ http, platform }) => {
  const found: Finding[] = []
  for (const policy of http.csp) {
    const sources = directive(policy, 'connect-src', 'default-src')
    if (!sources || allows(sources, platform)) continue
    found.push({
      check: 'toplevel.connect-src',
      severity: 'error',
      title: `The page's CSP connect-src (${sources.join(' ')}) leaves out the platform, ${platform}`,
      seen: 'Opened as a top-level page, its sign-in works once, then every fresh token fails (HOST_UNREACHABLE).',
      fix: `Add ${platform} (the platform's origin in production) to connect-src, as in script-src.`,
    })
  }
  return found
}
