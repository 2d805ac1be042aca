import type { Results } from '../lib/results.ts'
import type { Figures } from './figures.ts'
import { fill } from './template.ts'

/** ## Method. */
export function methodSection(r: Results, fig: Figures): string {
  return fill('method', {
    port: new URL(r.origins.panel).port,
    settleMs: String(fig.cfg.settleMs),
  })
}
