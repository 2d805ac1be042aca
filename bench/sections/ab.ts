import { type AbFigure, type AbSample, abFigure } from '../lib/ab.ts'
import { type Summary, summarize } from '../lib/stats.ts'
import type { AbRun } from '../measure/ab.ts'
import { bytes, ms, status, table, times } from './format.ts'
import { fill } from './template.ts'

/** The issue's targets, for B, judged in the A/B run's own page loads. */
export const AB_TARGETS = {
  vsPenpal: 1.1,
  vsFloor: 1.25,
  /** The handshake at mount, in warm raw round trips of the same panel load. */
  handshakeRoundTrips: 3,
  /** First load (cold page, cold processes), p95 of script start → `initialize()`, ms. */
  firstLoadP95: 20,
} as const

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
    /** The handshake in warm raw round trips (absent from runs saved before it was measured). */
    handshakeTrips: run.handshake.every((h) => h.warm)
      ? abFigure(run.handshake.map((h) => ({ a: h.a / (h.warm ?? 1), b: h.b / (h.warm ?? 1) })))
      : undefined,
    handshakeWhole: run.handshake.every((h) => h.whole)
      ? abFigure(run.handshake.map((h) => ({ a: h.whole?.a ?? 0, b: h.whole?.b ?? 0 })))
      : undefined,
    firstLoad: run.firstLoad && firstLoadFigures(run.firstLoad),
  }
}

/** Each build's first loads: median and p95 of both measures, and B/A of each. */
export function firstLoadFigures(f: NonNullable<AbRun['firstLoad']>) {
  const of = (xs: number[]) => summarize(xs)
  return {
    loads: f.a.script.length,
    script: { a: of(f.a.script), b: of(f.b.script) },
    whole: { a: of(f.a.whole), b: of(f.b.whole) },
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
    firstLoads: String(run.firstLoad?.a.script.length ?? 0),
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
        ...(f.handshakeTrips
          ? [row('↳ in warm raw `postMessage` round trips', f.handshakeTrips, (x) => x.toFixed(1))]
          : []),
        ...(f.handshakeWhole
          ? [
              row('↳ from `platform.js` starting (the whole handshake)', f.handshakeWhole, (x) =>
                ms(x, 2),
              ),
            ]
          : []),
        ...(f.firstLoad ? firstLoadRows(f.firstLoad) : []),
        row('control: the floor in A’s frame and in B’s (same code)', f.floor, (x) => ms(x)),
        row('control: bare penpal in A’s frame and in B’s (same code)', f.penpal, (x) => ms(x)),
      ],
    ),
    perLoad: [
      `SDK call: ${perLoad(f.call)}`,
      `isolated: ${perLoad(f.isolated)}`,
      `handshake: ${perLoad(f.handshake)}`,
    ].join('; '),
    warm: run.handshake.every((h) => h.warm)
      ? `The warm raw round trip of each panel load: ${run.handshake.map((h) => ms(h.warm ?? 0)).join(', ')}.`
      : '',
    targets: targetsTable(f),
  })
}

/**
 * First-load rows: no page load holds both builds (each first load is a browser of its own), so
 * these compare the two builds' distributions over alternating loads, with no spread or verdict.
 */
function firstLoadRows(f: ReturnType<typeof firstLoadFigures>): string[][] {
  const r = (label: string, a: Summary, b: Summary, q: 'median' | 'p95') => [
    label,
    ms(a[q], 1),
    ms(b[q], 1),
    times(b[q] / a[q]),
    '– (no load holds both)',
    '–',
  ]
  return [
    r(
      `first load, script start → \`initialize()\`, p95 of ${f.loads} each`,
      f.script.a,
      f.script.b,
      'p95',
    ),
    r('↳ median', f.script.a, f.script.b, 'median'),
    r('first load, `platform.js` starts → `initialize()`, p95', f.whole.a, f.whole.b, 'p95'),
  ]
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
      ...(f.handshakeTrips
        ? [
            [
              'handshake at mount, in warm raw round trips',
              `${f.handshakeTrips.b.toFixed(1)} (${spreadOf(f.handshakeTrips, 'b')})`,
              `≤ ${t.handshakeRoundTrips}`,
              status(f.handshakeTrips.b <= t.handshakeRoundTrips),
            ],
          ]
        : []),
      ...(f.firstLoad
        ? [
            [
              'first load p95 (cold page, cold processes), script start → `initialize()`',
              `${ms(f.firstLoad.script.b.p95, 1)} (median ${ms(f.firstLoad.script.b.median, 1)}, ${f.firstLoad.loads} loads)`,
              `≤ ${t.firstLoadP95} ms`,
              status(f.firstLoad.script.b.p95 <= t.firstLoadP95),
            ],
          ]
        : []),
    ],
  )
}
