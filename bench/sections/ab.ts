import { type AbFigure, type AbSample, abFigure } from '../lib/ab.ts'
import type { AbRun } from '../measure/ab.ts'
import { bytes, ms, status, table, times } from './format.ts'
import { fill } from './template.ts'

/** The issue's call targets, for B, judged in the A/B run's own page loads. */
export const AB_TARGETS = { vsPenpal: 1.1, vsFloor: 1.25 } as const

type Per = (l: AbRun['loads'][number]) => AbSample

/** Every figure the A/B run compares, as B/A per page load (see {@link abFigure}). */
export function abFigures(run: AbRun) {
  const from = (per: Per) => abFigure(run.loads.map(per))
  return {
    call: from((l) => ({ a: l.back.a.sdk, b: l.back.b.sdk })),
    callVsFloor: from((l) => ({ a: l.back.a.sdk / l.back.a.mc, b: l.back.b.sdk / l.back.b.mc })),
    callVsPenpal: from((l) => ({
      a: l.back.a.sdk / l.back.a.penpal,
      b: l.back.b.sdk / l.back.b.penpal,
    })),
    floor: from((l) => ({ a: l.back.a.mc, b: l.back.b.mc })),
    penpal: from((l) => ({ a: l.back.a.penpal, b: l.back.b.penpal })),
    isolated: from((l) => ({ a: l.isolated.a.sdk, b: l.isolated.b.sdk })),
    isolatedVsFloor: from((l) => ({
      a: l.isolated.a.sdk / l.isolated.a.mc,
      b: l.isolated.b.sdk / l.isolated.b.mc,
    })),
    isolatedVsPenpal: from((l) => ({
      a: l.isolated.a.sdk / l.isolated.a.penpal,
      b: l.isolated.b.sdk / l.isolated.b.penpal,
    })),
    handshake: abFigure(run.handshake.map((h) => ({ a: h.a, b: h.b }))),
  }
}

const VERDICT = {
  worse: '**B worse**',
  better: '**B better**',
  same: 'same (the spread holds 1)',
}

const row = (label: string, f: AbFigure, fmt: (x: number) => string): string[] => [
  label,
  fmt(f.a),
  fmt(f.b),
  times(f.ratio),
  `${f.spread[0].toFixed(3)} – ${f.spread[1].toFixed(3)}`,
  VERDICT[f.verdict],
]

const perLoad = (f: AbFigure) => f.perLoad.map((l) => l.ratio.toFixed(3)).join(', ')

/** What one side was: its ref, commit and patch. */
const describe = (b: AbRun['a']) =>
  `\`${b.ref}\` (${b.commit})${b.patch ? `, with ${b.patch}` : ''}`

/** ## A/B: this tree (B) against another build (A), in the same page loads. */
export function abSection(run: AbRun): string {
  const f = abFigures(run)
  const loads = run.loads.length
  return fill('ab', {
    a: describe(run.a),
    b: describe(run.b),
    loads: String(loads),
    handshakeLoads: String(run.handshake.length),
    mounts: String(run.handshake[0]?.mounts ?? 0),
    load: `${run.loadStart.toFixed(2)} as it started, ${run.loadEnd.toFixed(2)} as it ended${
      Math.max(run.loadStart, run.loadEnd) > 1
        ? ' (**above 1**: other work shared the machine, or the run’s own; the ratios, each taken within one page load, are what to read)'
        : ''
    }`,
    durationS: String(run.durationS),
    table: table(
      ['figure', 'A', 'B', 'B/A (median)', `B/A spread over ${loads} loads`, 'verdict'],
      [
        [
          '`platform.js` gzip -9 (deterministic)',
          bytes(run.size.a.gzip),
          bytes(run.size.b.gzip),
          times(run.size.b.gzip / run.size.a.gzip),
          `${run.size.b.gzip - run.size.a.gzip >= 0 ? '+' : ''}${run.size.b.gzip - run.size.a.gzip} B`,
          run.size.b.gzip > run.size.a.gzip
            ? VERDICT.worse
            : run.size.b.gzip < run.size.a.gzip
              ? VERDICT.better
              : 'same',
        ],
        row('SDK call, back to back', f.call, (x) => ms(x)),
        row('↳ ÷ raw `MessageChannel` floor, same frame', f.callVsFloor, times),
        row('↳ ÷ bare penpal, same frame', f.callVsPenpal, times),
        row('SDK call, isolated (one every 20 ms; trimmed mean)', f.isolated, (x) => ms(x)),
        row('↳ ÷ raw `MessageChannel` floor, same frame', f.isolatedVsFloor, times),
        row('↳ ÷ bare penpal, same frame', f.isolatedVsPenpal, times),
        row(
          `handshake at mount (script start → \`initialize()\`), ${run.handshake.length} panel loads`,
          f.handshake,
          (x) => ms(x, 2),
        ),
        row('control: the floor in A’s frame and in B’s (same code)', f.floor, (x) => ms(x)),
        row('control: bare penpal in A’s frame and in B’s (same code)', f.penpal, (x) => ms(x)),
      ],
    ),
    perLoad: [
      `SDK call: ${perLoad(f.call)}`,
      `isolated: ${perLoad(f.isolated)}`,
      `handshake: ${perLoad(f.handshake)}`,
    ].join('; '),
    targets: targetsTable(f),
  })
}

/** The lowest and highest of one build's figure over the loads. */
function spreadOf(f: AbFigure, side: 'a' | 'b'): string {
  const xs = f.perLoad.map((l) => l[side])
  return `${Math.min(...xs).toFixed(2)} – ${Math.max(...xs).toFixed(2)}`
}

/** The issue's call targets, for B, from the same page loads. */
function targetsTable(f: ReturnType<typeof abFigures>): string {
  const t = AB_TARGETS
  return table(
    ['target, for B, in the same page loads', 'measured (median, spread)', 'target', 'status'],
    [
      [
        'SDK call ÷ bare penpal, back to back',
        `${times(f.callVsPenpal.b)} (${spreadOf(f.callVsPenpal, 'b')})`,
        `≤ ${times(t.vsPenpal)}`,
        status(f.callVsPenpal.b <= t.vsPenpal),
      ],
      [
        'SDK call ÷ bare penpal, isolated',
        `${times(f.isolatedVsPenpal.b)} (${spreadOf(f.isolatedVsPenpal, 'b')})`,
        `≤ ${times(t.vsPenpal)}`,
        status(f.isolatedVsPenpal.b <= t.vsPenpal),
      ],
      [
        'SDK call ÷ `MessageChannel` floor, back to back',
        `${times(f.callVsFloor.b)} (${spreadOf(f.callVsFloor, 'b')})`,
        `≤ ${times(t.vsFloor)}`,
        status(f.callVsFloor.b <= t.vsFloor),
      ],
      [
        'SDK call ÷ `MessageChannel` floor, isolated',
        `${times(f.isolatedVsFloor.b)} (${spreadOf(f.isolatedVsFloor, 'b')})`,
        `≤ ${times(t.vsFloor)}`,
        status(f.isolatedVsFloor.b <= t.vsFloor),
      ],
    ],
  )
}
