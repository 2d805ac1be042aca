// An axe scan of the page: serious and critical violations, as warnings.
import type { Check } from '../observation.js'

export const axe: Check = ({ axe: violations }) =>
  (violations ?? [])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      check: `a11y.${v.id}`,
      severity: 'warning' as const,
      title: `Accessibility (${v.impact}): ${v.help} (${v.nodes} element${v.nodes === 1 ? '' : 's'})`,
      seen: 'A doctor using a screen reader, the keyboard or a high contrast cannot use that part.',
      fix: `See https://dequeuniversity.com/rules/axe/4.13/${v.id}`,
    }))
