import type { FloodsRun } from '../lib/results.ts'
import { ms, status, table, us } from './format.ts'
import { fill } from './template.ts'

/** Section 7: the floods, their longest panel task against the target, and what filled it. */
export function renderFloods(f: FloodsRun): string {
  return fill('floods', {
    target: ms(f.targetMs, 0),
    runs: String(f.runs),
    durationS: String(f.durationS),
    loadStart: f.loadStart.toFixed(2),
    loadEnd: f.loadEnd.toFixed(2),
    floods: floodsTable(f),
    traced: f.floods.some((x) => x.instrumented)
      ? fill('floods-traced', { table: tracedTable(f) })
      : '',
  })
}

/** Each flood's longest panel task per run, against the target. */
function floodsTable(f: FloodsRun): string {
  return table(
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
  )
}

/** The traced and profiled run of each flood: what filled its longest task. */
function tracedTable(f: FloodsRun): string {
  const traced = f.floods.filter((x) => x.instrumented)
  return table(
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
  )
}
