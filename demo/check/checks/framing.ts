// The page lets the panel frame it: no X-Frame-Options, no CSP frame-ancestors that leaves out
// the platform's origin.

import type { Finding } from '../finding.js'
import { allows, directive } from '../http-facts.js'
import type { Check } from '../observation.js'

const SEEN = "The widget's place stays empty, or shows the browser's own refused-to-connect page."

/**
 * The origins a fix lets frame the page: the dev panel's and the production panel's, from the
 * config; without those, words that say where to find them.
 */
export function ancestors(platform: string, panelOrigins: string[]): string {
  const all = [...new Set([platform, ...panelOrigins])].join(' ')
  return panelOrigins.length
    ? all
    : `${all} and your production panel's origins (list them as "productionPanelOrigins" in the config, and check names them here)`
}

export const framing: Check = ({ http, platform, panelOrigins }) => {
  const found: Finding[] = []
  const xfo = http.xFrameOptions?.trim().toUpperCase()
  if (xfo) {
    found.push({
      check: 'framing.x-frame-options',
      severity: 'error',
      title: `The page sends X-Frame-Options: ${http.xFrameOptions}`,
      seen: SEEN,
      fix: `Drop X-Frame-Options from the page; to limit who frames it, send Content-Security-Policy: frame-ancestors ${ancestors(platform, panelOrigins)}.`,
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
        fix: `Add ${ancestors(platform, panelOrigins)} to frame-ancestors.`,
      })
    }
    const production = panelOrigins.filter((o) => sources && !allows(sources, o))
    if (sources && allows(sources, platform) && production.length) {
      found.push({
        check: 'framing.frame-ancestors',
        severity: 'warning',
        title: `The page's CSP frame-ancestors (${sources.join(' ')}) leaves out the production panel, ${production.join(' ')}`,
        seen: "In the dev panel nothing; in production the widget's place stays empty.",
        fix: `Add ${production.join(' ')} to frame-ancestors before the page goes live.`,
      })
    }
  }
  return found
}
