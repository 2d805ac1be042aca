import type { FloodsRun } from '../lib/results.ts'
import { ms, status, table, us } from './format.ts'

const FLOODS_METHOD =
  'the four floods of `e2e/floods.ts` (the same code `e2e/hostile-widget.spec.ts` runs), in turn, ' +
  'each run on a new tab of the e2e test panel (`e2e/fixtures/host.html`, the real `createHost` with its ' +
  'in-memory backend, the widget initialized), with a `PerformanceObserver` for `longtask` entries named ' +
  '`self` (the panel’s own event loop; the widget is an out-of-process frame) from just before the flood until ' +
  'two frames after the panel received its end marker. Then one more run of each with a Chromium trace (`toplevel` ' +
  'and `scheduler` categories: the panel main thread’s tasks, each with its wall time and its thread time, CPU) and ' +
  'the CDP `Profiler` on the panel (100 µs sampling, which slows it down a little), whose longest stretch without an ' +
  'idle sample is itemized. ' +
  '`npm run bench -- --only floods` runs this section alone and prints it without writing any file.'

/** Section 7: the floods, their longest panel task against the target, and what filled it. */
export function renderFloods(f: FloodsRun): string {
  const parts = [
    '## 7. Floods',
    `A hostile widget floods the test panel (issue 12); the target is no panel task over ${ms(f.targetMs, 0)} ` +
      `during a flood. ${f.runs} runs of each flood, interleaved, in ${f.durationS} s; 1-minute load average ` +
      `${f.loadStart.toFixed(2)} as the section started, ${f.loadEnd.toFixed(2)} at its end. Method: ${FLOODS_METHOD}`,
    table(
      [
        'flood',
        'the panel’s longest task per run',
        'median',
        'max',
        'target',
        'status',
        'load per run',
      ],
      f.floods.map((x) => [
        `${x.flood} (${x.messages.toLocaleString('en')} messages)`,
        x.longest.map((v) => String(v)).join(', '),
        ms(x.median, 0),
        ms(x.max, 0),
        `≤ ${ms(f.targetMs, 0)}`,
        status(x.median <= f.targetMs),
        x.loads.map((l) => l.toFixed(1)).join(', '),
      ]),
    ),
  ]
  const traced = f.floods.filter((x) => x.instrumented)
  if (traced.length) {
    parts.push(
      'The traced and profiled run of each flood: the longest task by the Long Tasks API, the longest task in the ' +
        'trace with its thread (CPU) time, the most CPU any one panel task took, the panel’s main-thread time per ' +
        'message over the whole profile (the host’s and transport’s own code, `src/`, and the rest: the browser’s ' +
        'native work, garbage collection, penpal), and the longest stretch of the ' +
        'profile without an idle sample with the self time that filled it. A long task with little CPU is a thread ' +
        'that waited (for a core, or for another thread), not one that worked.',
      table(
        [
          'flood',
          'longest task',
          'longest in the trace: wall / CPU',
          'most CPU in one task',
          'panel tasks',
          'per message: host code / the rest',
          'busy stretch',
          'by category',
          'heaviest entries',
        ],
        traced.map((x) => {
          const {
            longest,
            tasks: t,
            profile: p,
            perMessage: m,
          } = x.instrumented as NonNullable<typeof x.instrumented>
          const cats = Object.entries(p.byCategory)
            .sort((a, b) => b[1] - a[1])
            .slice(0, 4)
            .map(([k, v]) => `${k} ${ms(v, 0)}`)
            .join(', ')
          const top = p.top
            .slice(0, 3)
            .map((e) => `\`${e.name}\` ${ms(e.ms, 0)}`)
            .join(', ')
          return [
            x.flood,
            ms(longest, 0),
            `${ms(t.longestWall, 0)} / ${ms(t.longestCpu, 1)}`,
            ms(t.maxCpu, 1),
            t.count.toLocaleString('en'),
            `${us(m.host)} / ${us(m.other)}`,
            ms(p.ms, 0),
            cats,
            top,
          ]
        }),
      ),
    )
  }
  return parts.join('\n\n')
}
