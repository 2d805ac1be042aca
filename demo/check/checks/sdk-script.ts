// platform.js: from the platform's origin, in <head>, before the widget's own scripts.
import type { Finding } from '../finding.js'
import type { Check } from '../observation.js'

const originOf = (url: string) => {
  try {
    return new URL(url).origin
  } catch {
    return url
  }
}

export const sdkScript: Check = ({ probe, platform, target }) => {
  if (!probe) return []
  const found: Finding[] = []
  const tag = `<script src="${platform}/platform.js"></script>`
  const script = probe.script
  // Read after load, a page with window.platform but no platform*.js tag: which script
  // installed it is not known there.
  if (!script && probe.late?.sdk) return found
  // A top-level page need not use the SDK (a page an OAuth provider returns to, say).
  if (!script && target.topLevel) return found
  if (!script) {
    found.push({
      check: 'sdk.missing',
      severity: 'error',
      title: 'The page never loaded platform.js',
      seen: 'The widget does not come up; after 5 s the panel shows that it did not answer.',
      fix: `Add ${tag} to the page's <head>.`,
    })
    return found
  }
  if (originOf(script.src) !== platform) {
    found.push({
      check: 'sdk.origin',
      severity: 'error',
      title: `platform.js comes from ${originOf(script.src) || 'an inline script'}, not from the platform (${platform})`,
      seen: 'The widget does not come up: the SDK trusts only the origin its script came from, so it refuses the panel (UNTRUSTED_HOST).',
      fix: `Load the platform's own script, never a copy or another version: ${tag}.`,
    })
  }
  if (!script.inHead) {
    found.push({
      check: 'sdk.not-in-head',
      severity: 'warning',
      title: 'platform.js is not in <head>',
      seen: 'The widget comes up later than it could, and a script above it may find no window.platform.',
      fix: `Move ${tag} into <head>, before your own scripts.`,
    })
  }
  const mine = script.before
  if (mine.length || probe.readEarly) {
    found.push({
      check: 'sdk.order',
      severity: probe.readEarly ? 'error' : 'warning',
      title: `A script runs before platform.js${mine.length ? `: ${mine[0]}` : ''}${probe.readEarly ? ', and read window.platform before it existed' : ''}`,
      seen: probe.readEarly
        ? 'The widget breaks on load (window.platform is undefined there).'
        : 'Nothing yet; a script that uses window.platform there breaks the widget.',
      fix: 'Put the platform.js tag first in <head>, before your own scripts (or make them type="module").',
    })
  }
  return found
}
