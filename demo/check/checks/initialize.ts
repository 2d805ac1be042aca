// `initialize` is called, with the key the widget is registered under.
import type { Finding } from '../finding.js'
import type { Check } from '../observation.js'

/** The key an `initialize` argument names: `{ app_key }`, the original's `{ clientKey }`, or a string. */
export function keyOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg
  const o = arg as { app_key?: unknown; clientKey?: unknown } | null
  const key = o?.app_key ?? o?.clientKey
  return typeof key === 'string' ? key : undefined
}

export const initialize: Check = ({ probe, app }) => {
  if (!probe?.script) return []
  const calls = probe.calls.filter((c) => c.method === 'initialize')
  if (calls.length === 0) {
    return [
      {
        check: 'sdk.no-initialize',
        severity: 'error',
        title: 'The page never calls platform.initialize()',
        seen: 'The widget does not come up; after 5 s the panel shows that it did not answer.',
        fix: `Call await platform.initialize({ app_key: '${app.app_key}' }) first, on load.`,
      },
    ]
  }
  const found: Finding[] = []
  for (const key of new Set(calls.map((c) => keyOf(c.args[0])))) {
    if (key === app.app_key) continue
    found.push({
      check: 'sdk.app-key',
      severity: 'error',
      title: `initialize() is given the app_key "${key ?? '(none)'}", but the widget is registered as "${app.app_key}"`,
      seen: `initialize rejects: the widget stays on its loading screen, or shows the SDK's English message (This iframe is bound to "${app.app_key}", not "${key ?? ''}").`,
      fix: `Call platform.initialize({ app_key: '${app.app_key}' }), from your config rather than a literal; or register the widget as "${key}".`,
    })
  }
  return found
}
