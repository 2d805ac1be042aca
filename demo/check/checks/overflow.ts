// No horizontal overflow at phone width; and a page that could not be measured there is said.
import type { Check } from '../observation.js'

export const overflow: Check = ({ phone, phoneUnmeasured, probe, engine }) => {
  if (!phone) {
    // A page that was read, but never got phone-narrow: not a pass.
    if (!probe) return []
    return [
      {
        check: 'layout.phone-unmeasured',
        severity: 'note',
        title: `The page's width at phone size was not measured in ${engine}`,
        why: phoneUnmeasured ?? 'The page was read, but its width at 360 px was not.',
        seen: 'Unknown: whether the page fits a phone there.',
        fix: 'Open the widget in the dev panel at 360 px (the browser’s device mode) and look.',
      },
    ]
  }
  if (phone.scrollWidth <= phone.clientWidth + 1) return []
  return [
    {
      check: 'layout.phone-overflow',
      severity: 'warning',
      title: `At phone width the page is ${phone.scrollWidth} px wide in a ${phone.clientWidth} px frame`,
      seen: 'On a phone the widget scrolls sideways, and part of it is cut off.',
      fix: 'Let the content wrap (max-width: 100%, flex-wrap, no fixed widths above 320 px).',
    },
  ]
}
