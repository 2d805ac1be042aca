// No horizontal overflow at phone width.
import type { Check } from '../observation.js'

export const overflow: Check = ({ phone }) => {
  if (!phone || phone.scrollWidth <= phone.clientWidth + 1) return []
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
