// The frame's height settles: no growth for 2 s after load.
import type { Check } from '../observation.js'

export const height: Check = ({ height: h, probe, fullHeight }) => {
  if (!probe?.script || fullHeight || h.settled) return []
  const last = h.heights.slice(-3).join(', ')
  return [
    {
      check: 'layout.height',
      severity: 'error',
      title: `The frame's height never settles (still growing: ${last})`,
      seen: 'The widget keeps getting taller and the panel below it keeps moving; a click may land on the wrong thing.',
      fix: "Give the page's content a height that does not depend on the frame's height (no 100vh or height: 100% on body or a content that grows with its own frame), and stop content that grows without end.",
    },
  ]
}
