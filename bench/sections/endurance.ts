import type { Results, SideSnapshot } from '../lib/results.ts'
import type { Summary } from '../lib/stats.ts'
import type { Figures } from './figures.ts'
import { kib, ms, table } from './format.ts'

export const messageListeners = (s: SideSnapshot) =>
  Object.entries(s.listeners)
    .filter(([k]) => /:(message|pagehide)$/.test(k))
    .map(([k, n]) => `${k.replace(':', ' ')} ${n}`)
    .join(', ')
export const windowTotal = (s: SideSnapshot) =>
  Object.values(s.windowListeners).reduce((a, b) => a + b, 0)

/** ## 5. Endurance: heap, listeners and timers over many calls. */
export function enduranceSection(_r: Results, fig: Figures): string[] {
  const { e, cfg } = fig
  const per = (x: Summary) => `${ms(x.median)} (p95 ${ms(x.p95)})`
  const calls10k = e.sequential.n * cfg.endurance.perBatch
  const snaps = e.snapshots
  return [
    '## 5. Endurance',
    `${calls10k.toLocaleString('en')} sequential SDK calls: ${per(e.sequential)} per call; the ` +
      `first tenth ${per(e.sequentialFirst)}, the last tenth ${per(e.sequentialLast)}. ` +
      `1,000 concurrent SDK calls (\`Promise.all\`): ${ms(e.concurrentMs, 1)} in all, ` +
      `${ms(e.concurrentMs / 1000)} per call.`,
    'Heap: `Runtime.getHeapUsage` after two `HeapProfiler.collectGarbage`. Window listeners: CDP ' +
      '`DOMDebugger.getEventListeners` on `window`, every type (Playwright adds some of its own). ' +
      'Message listeners on every `EventTarget` and pending timers: counted by wrapping ' +
      '`addEventListener` and `setTimeout` before any other script (`bench/pages/instrument.js`, ' +
      'on in this page load only). The in-memory backend logs every token it issues; the harness ' +
      'empties that log before each snapshot, so the host heap shows the bridge.',
    table(
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
  ]
}
