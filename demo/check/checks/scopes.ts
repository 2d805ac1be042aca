// The scopes asked for match the registration, and a patient's context asks no provider scope.
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
      seen: 'Nothing: the doctor is never asked for them (neither while the page loads nor in its scripts).',
      fix: "Remove them from the widget's registration; a widget that asks for them in another way (a script of another origin) can leave them.",
    },
  ]
}
