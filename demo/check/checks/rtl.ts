// A right-to-left page says so: `dir="rtl"` (or its CSS direction).
import type { Check } from '../observation.js'

export const rtl: Check = ({ rtl: r }) => {
  if (!r.rtlText || r.dir || r.direction === 'rtl') return []
  return [
    {
      check: 'layout.rtl-dir',
      severity: 'warning',
      title: 'The page shows right-to-left text but has no dir',
      seen: 'Persian text runs left to right: punctuation and numbers land on the wrong side, lists align left.',
      fix: 'Set <html dir="rtl" lang="fa"> (or dir="auto" on user text) for Persian pages.',
    },
  ]
}
