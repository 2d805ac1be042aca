// A full-height page's fixed controls are within the doctor's first screen.
import type { Check } from '../observation.js'

export const fold: Check = ({ fullHeight, fixedOutside }) => {
  if (!fullHeight || fixedOutside.length === 0) return []
  const [first] = fixedOutside
  const more = fixedOutside.length > 1 ? ` and ${fixedOutside.length - 1} more` : ''
  return [
    {
      check: 'layout.below-fold',
      severity: 'warning',
      title: `Fixed controls lie outside the first screen: "${first!.text}" is ${first!.below} px below it${more}`,
      seen: 'The doctor does not see them, and cannot scroll to them: fixed elements do not scroll.',
      fix: "Place fixed controls against the frame's viewport (bottom: 0), not below the page's first screen; or let them scroll with the content.",
    },
  ]
}
