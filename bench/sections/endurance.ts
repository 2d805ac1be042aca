import type { Results, SideSnapshot } from '../lib/results.ts'
import type { Summary } from '../lib/stats.ts'
import type { Figures } from './figures.ts'
import { kib, ms, table } from './format.ts'
import { fill } from './template.ts'

export const messageListeners = (s: SideSnapshot) =>
  Object.entries(s.listeners)
    .filter(([k]) => /:(message|pagehide)$/.test(k))
    .map(([k, n]) => `${k.replace(':', ' ')} ${n}`)
    .join(', ')
export const windowTotal = (s: SideSnapshot) =>
  Object.values(s.windowListeners).reduce((a, b) => a + b, 0)

/** ## 5. Endurance: heap, listeners and timers over many calls. */
export function enduranceSection(_r: Results, fig: Figures): string {
  const { e, cfg } = fig
  const per = (x: Summary) => `${ms(x.median)} (p95 ${ms(x.p95)})`
  const calls10k = e.sequential.n * cfg.endurance.perBatch
  const snaps = e.snapshots
  return fill('endurance', {
    calls: calls10k.toLocaleString('en'),
    perCall: per(e.sequential),
    first: per(e.sequentialFirst),
    last: per(e.sequentialLast),
    concurrent: ms(e.concurrentMs, 1),
    concurrentPerCall: ms(e.concurrentMs / 1000),
    table: table(
      [
        'step',
        'widget heap',
        'Δ',
        'widget window listeners',
        'widget message and pagehide listeners',
        'widget pending timers',
        'host heap',
        'Δ',
        'host window listeners',
        'host message listeners',
        'host pending timers',
      ],
      snaps.map((s, i) => {
        const prev = snaps[i - 1]
        const d = (a: number, b?: number) =>
          b === undefined ? '' : `${a - b >= 0 ? '+' : '−'}${kib(Math.abs(a - b))}`
        const timers = Object.entries(s.widget.timers.byDelay)
          .map(([k, n]) => `${n.toLocaleString('en')} × ${Number(k) / 1000} s`)
          .join(', ')
        return [
          s.step,
          kib(s.widget.heapUsed),
          d(s.widget.heapUsed, prev?.widget.heapUsed),
          String(windowTotal(s.widget)),
          messageListeners(s.widget),
          `${s.widget.timers.count.toLocaleString('en')}${timers ? ` (${timers})` : ''}`,
          kib(s.host.heapUsed),
          d(s.host.heapUsed, prev?.host.heapUsed),
          String(windowTotal(s.host)),
          messageListeners(s.host),
          String(s.host.timers.count),
        ]
      }),
    ),
  })
}
