// No call to the SDK before `initialize`: each one rejects with NOT_INITIALIZED.
import type { Check } from '../observation.js'

export const earlyCalls: Check = ({ probe }) => {
  const early = (probe?.calls ?? []).filter((c) => c.method !== 'initialize' && !c.afterInitialize)
  if (early.length === 0) return []
  const methods = [...new Set(early.map((c) => `${c.method}()`))].join(', ')
  return [
    {
      check: 'sdk.before-initialize',
      severity: 'error',
      title: `${methods} called before platform.initialize()`,
      seen: 'Those calls fail (NOT_INITIALIZED): what they load never shows.',
      fix: 'await platform.initialize(…) first, then make the other calls.',
    },
  ]
}
