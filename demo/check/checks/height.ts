// The frame's height settles: no growth for 2 s after load, and below the panel's limit.
import type { Check } from '../observation.js'

/** The tallest frame the panel's host gives a widget (its `maxHeight` default). */
export const HOST_MAX_HEIGHT = 10_000

export const height: Check = ({ height: h, probe, fullHeight }) => {
  if (!probe?.script || fullHeight) return []
  const capped = h.heights.some((x) => (Number.parseFloat(x) || 0) >= HOST_MAX_HEIGHT)
  if (h.settled && !capped) return []
  const last = h.heights.slice(-3).join(', ')
  return [
    {
      check: 'layout.height',
      severity: 'error',
      title: capped
        ? `The frame grew to the panel's limit (${HOST_MAX_HEIGHT} px) before it stopped`
        : `The frame's height never settles (still growing: ${last})`,
      seen: 'The widget keeps getting taller and the panel below it keeps moving; a click may land on the wrong thing.',
      fix: "Give the page's content a height that does not depend on the frame's height (no 100vh or height: 100% on body or a content that grows with its own frame), and stop content that grows without end.",
    },
  ]
}
