// Every check run on each load of a widget, in the order the report lists them.
import type { Check, Sense } from '../observation.js'
import { axe } from './axe.js'
import { connectSrc } from './connect-src.js'
import { consoleLines } from './console.js'
import { earlyCalls } from './early-calls.js'
import { failedLoads } from './failed-loads.js'
import { fold } from './fold.js'
import { framing } from './framing.js'
import { height } from './height.js'
import { initialize } from './initialize.js'
import { overflow } from './overflow.js'
import { reachability } from './reachability.js'
import { rejections } from './rejections.js'
import { rtl } from './rtl.js'
import { scopes } from './scopes.js'
import { sdkScript } from './sdk-script.js'
import { shown } from './shown.js'
import { tokenUrl } from './token-url.js'

export const CHECKS: readonly Check[] = [
  shown,
  reachability,
  framing,
  sdkScript,
  initialize,
  rejections,
  earlyCalls,
  scopes,
  height,
  fold,
  overflow,
  rtl,
  connectSrc,
  tokenUrl,
  consoleLines,
  failedLoads,
  axe,
]

/**
 * What an engine blind to a sense does not check, in the report's words. With `check`, that
 * check is not run on its loads (it would find nothing and pass in silence); without, it is a
 * part of a check (or of the run's own scope check) that cannot see it.
 */
export const BLIND_SPOTS: readonly { senses: readonly Sense[]; what: string; check?: Check }[] = [
  { senses: ['calls'], what: 'initialize() and its app_key', check: initialize },
  { senses: ['calls'], what: "unhandled rejections of the SDK's calls", check: rejections },
  { senses: ['calls'], what: 'calls before initialize()', check: earlyCalls },
  { senses: ['calls'], what: 'scopes asked (and provider scopes for patients)', check: scopes },
  { senses: ['calls'], what: 'scopes enabled but never asked' },
  { senses: ['calls'], what: "scopes the page's scripts name but the registration lacks" },
  { senses: ['calls'], what: 'window.platform read before platform.js' },
  { senses: ['calls', 'network'], what: 'tokens in URLs', check: tokenUrl },
  { senses: ['calls', 'console'], what: 'console errors and warnings', check: consoleLines },
  { senses: ['network'], what: 'mixed content in requests' },
  { senses: ['network'], what: 'files that did not load', check: failedLoads },
]

/** What only a frame in the panel shows: not checked on a top-level page, loaded alone. */
const IN_PANEL: readonly Check[] = [shown, framing, height, fold, overflow, rtl, axe]

/** The checks to run on a load by an engine blind to `blind` (of a top-level page: `topLevel`). */
export function checksFor(blind: readonly Sense[] = [], topLevel = false): Check[] {
  const skip = new Set(
    BLIND_SPOTS.filter((b) => b.check && b.senses.some((s) => blind.includes(s))).map(
      (b) => b.check,
    ),
  )
  if (topLevel) for (const check of IN_PANEL) skip.add(check)
  return CHECKS.filter((check) => !skip.has(check))
}

/** What an engine blind to `blind` does not check, in words (empty: everything). */
export function notChecked(blind: readonly Sense[]): string[] {
  return BLIND_SPOTS.filter((b) => b.senses.some((s) => blind.includes(s))).map((b) => b.what)
}

export { askedScopes, namedScopes, unaskedScopes, unregisteredScopes } from './scopes.js'
