import type { Results } from '../lib/results.ts'
import type { Figures } from './figures.ts'
import { ms, table, times } from './format.ts'
import { fill } from './template.ts'

/** ## 4. Scale: 1, 10 and 50 widgets mounted. */
export function scaleSection(_r: Results, fig: Figures): string {
  const { scale, one, cfg } = fig
  return fill('scale', {
    repeats: String(cfg.scale.repeats),
    table: table(
      [
        'widgets',
        'SDK call median',
        'p95',
        'MessageChannel median',
        'SDK / MessageChannel',
        'SDK vs 1 widget',
        'per page load (SDK / MC medians)',
      ],
      scale.map((s) => [
        String(s.widgets),
        ms(s.sdk.median),
        ms(s.sdk.p95),
        ms(s.mc.median),
        times(s.sdk.median / s.mc.median),
        one ? times(s.sdk.median / one.sdk.median) : '–',
        s.perLoad.map((l) => `${l.sdk.toFixed(3)} / ${l.mc.toFixed(3)}`).join(', '),
      ]),
    ),
  })
}
