// The scopes asked for match the registration, and a patient's context asks no provider scope.
import { SCOPES } from 'platform-widget-sdk/events'
import { type Finding, PATIENT_CONTEXTS } from '../finding.js'
import type { Check } from '../observation.js'

/** The scopes `getSessionToken` calls asked for: an array or one space-separated string. */
export function askedScopes(args: unknown[][]): string[] {
  const asked = new Set<string>()
  for (const [arg] of args) {
    const scope = (arg as { scope?: unknown } | null)?.scope
    const list = typeof scope === 'string' ? scope.split(/\s+/) : Array.isArray(scope) ? scope : []
    for (const s of list) if (typeof s === 'string' && s) asked.add(s)
  }
  return [...asked]
}

export const scopes: Check = ({ probe, app, target }) => {
  if (!probe) return []
  const asked = askedScopes(
    probe.calls.filter((c) => c.method === 'getSessionToken').map((c) => c.args),
  )
  const found: Finding[] = []
  const notEnabled = asked.filter((s) => !(app.scopes as string[]).includes(s))
  if (notEnabled.length) {
    found.push({
      check: 'scopes.not-enabled',
      severity: 'error',
      title: `Asks for scopes the registration does not enable: ${notEnabled.join(', ')}`,
      seen: 'getSessionToken rejects: whatever needed the token never loads.',
      fix: `Enable ${notEnabled.join(', ')} in the widget's registration ("scopes" in the config), or stop asking for them.`,
    })
  }
  const provider = asked.filter((s) => s.startsWith('provider.'))
  if (PATIENT_CONTEXTS.includes(target.context) && provider.length) {
    found.push({
      check: 'scopes.provider-for-patient',
      severity: 'error',
      title: `Asks for provider scopes in ${target.context}, where the user is a patient: ${provider.join(', ')}`,
      seen: "The patient is asked for a doctor's permissions, or the call fails.",
      fix: `Ask for provider.* scopes only in the doctor panel; in ${target.context} ask for patient scopes, or none.`,
    })
  }
  return found
}

/**
 * Scopes enabled that no load of the widget asked for, nor names in its scripts (asked on a
 * click, then): a note, once per widget (see run.ts).
 */
export function unaskedScopes(enabled: string[], asked: string[]): Finding[] {
  const unasked = enabled.filter((s) => !asked.includes(s))
  if (unasked.length === 0) return []
  return [
    {
      check: 'scopes.never-asked',
      severity: 'note',
      title: `Scopes enabled that the page never asks for: ${unasked.join(', ')}`,
      why: "No load asked for them (getSessionToken while the page loaded), and no script of the page's origin names them.",
      seen: 'Nothing: the doctor is never asked for them.',
      fix: "Remove them from the widget's registration; a widget that asks for them in another way (a script of another origin) can leave them.",
    },
  ]
}

/**
 * A scope name in quotes (or in a quoted, space-separated list): a known scope, or a dotted name of
 * three or more words under `provider.` or `user.` (the live platform has scopes the spec's table
 * lacks). Other dotted strings (`app.main.css`) are not taken for scopes.
 */
const NAMED =
  /(?<=["'`\s])((?:provider|user|app)\.[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+)(?=["'`\s])/g
/**
 * Ten or more scope names in a row, quoted, with only commas and spaces between: a table of them
 * (the SDK's own list, bundled into a widget that installs the SDK from npm), not a request.
 */
const TABLE =
  /(?:["'`](?:provider|user|app)\.[a-z0-9_.]+["'`]\s*,\s*){9,}["'`](?:provider|user|app)\.[a-z0-9_.]+["'`]/g

/** The scope names the page's text and scripts name, in the order first seen. */
export function namedScopes(sources: string[]): string[] {
  const named = new Set<string>()
  for (const text of sources) {
    for (const [name] of text.replace(TABLE, '').matchAll(NAMED)) {
      const known = (SCOPES as readonly string[]).includes(name)
      if (known || !name.startsWith('app.')) named.add(name)
    }
  }
  return [...named]
}

/**
 * Scopes the page's scripts name that its registration does not enable, and that no load asked
 * for (those are `scopes.not-enabled`): asked later, on a click, they are refused. A warning,
 * once per widget (see run.ts).
 */
export function unregisteredScopes(enabled: string[], named: string[], asked: string[]): Finding[] {
  const missing = named.filter((s) => !enabled.includes(s) && !asked.includes(s))
  if (missing.length === 0) return []
  return [
    {
      check: 'scopes.named-not-enabled',
      severity: 'warning',
      title: `The page's scripts name scopes the registration does not enable: ${missing.join(', ')}`,
      seen: 'When the page asks for them (on a click, after load), getSessionToken rejects and what needed the token never comes.',
      fix: `Enable ${missing.join(', ')} in the widget's registration ("scopes" in the config), or remove them from the page's requests.`,
    },
  ]
}
