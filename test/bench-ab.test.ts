import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { abFigure, MIN_LOADS, trimmedMean } from '../bench/lib/ab.ts'
import { injectBusyLoop } from '../bench/lib/against.ts'
import type { AbRun } from '../bench/measure/ab.ts'
import { abFigures, firstLoadFigures } from '../bench/sections/ab.ts'

/** A deterministic stand-in for the noise between page loads (±`amp` around 1). */
const noise = (i: number, amp: number) => 1 + amp * Math.sin(i * 2.39996)

/**
 * Six page loads of a 200 µs call, each load's conditions moving both builds together by up to
 * ±20% (the shared machine), plus a little noise of each build's own (±2%).
 */
const loads = (extraUsOnB: number) =>
  Array.from({ length: 6 }, (_, i) => {
    const load = noise(i, 0.2)
    return {
      a: 0.2 * load * noise(i * 7 + 1, 0.02),
      b: (0.2 + extraUsOnB / 1000) * load * noise(i * 11 + 3, 0.02),
    }
  })

describe('abFigure: B over A per page load, its spread and verdict', () => {
  it('is B/A per load, its median, and the lowest and highest ratio', () => {
    const f = abFigure([
      { a: 1, b: 1.1 },
      { a: 2, b: 2.4 },
      { a: 1, b: 1.05 },
      { a: 4, b: 4.4 },
      { a: 1, b: 1.3 },
    ])
    expect(f.perLoad.map((l) => l.ratio)).toEqual([
      expect.closeTo(1.1),
      expect.closeTo(1.2),
      expect.closeTo(1.05),
      expect.closeTo(1.1),
      expect.closeTo(1.3),
    ])
    expect(f.ratio).toBeCloseTo(1.1)
    expect(f.spread[0]).toBeCloseTo(1.05)
    expect(f.spread[1]).toBeCloseTo(1.3)
    expect([f.a, f.b]).toEqual([1, expect.closeTo(1.3)])
    expect(f.verdict).toBe('worse')
  })

  it.each([
    ['worse', 20],
    ['better', -20],
    ['same', 0],
  ] as const)(
    '%s: %d µs more on B, a 200 µs call, shared noise of ±20 percent',
    (verdict, extra) => {
      const f = abFigure(loads(extra))
      expect(f.verdict).toBe(verdict)
      // The shared noise cancels in each ratio: the spread stays within the builds’ own noise (±2% each).
      expect(f.spread[1] - f.spread[0]).toBeLessThan(0.09)
      if (extra) expect(f.ratio).toBeCloseTo(1 + extra / 200, 1)
    },
  )

  it('says "same" when one load disagrees with the rest', () => {
    const samples = loads(20)
    samples[3] = { a: 0.21, b: 0.2 }
    expect(abFigure(samples).verdict).toBe('same')
  })

  it(`refuses fewer than ${MIN_LOADS} page loads, and values that are not positive`, () => {
    expect(() => abFigure(loads(0).slice(0, MIN_LOADS - 1))).toThrow(/needs 5 page loads/)
    expect(() => abFigure([...loads(0).slice(1), { a: 0, b: 0.2 }])).toThrow(/positive/)
    expect(() => abFigure([...loads(0).slice(1), { a: Number.NaN, b: 0.2 }])).toThrow(/positive/)
  })
})

describe('trimmedMean', () => {
  it('drops the lowest and highest tenth before averaging', () => {
    const xs = [0.8, 0.9, 0.9, 0.9, 1.0, 1.0, 1.0, 1.1, 1.1, 9]
    expect(trimmedMean(xs)).toBeCloseTo((0.9 * 3 + 1.0 * 3 + 1.1 * 2) / 8)
  })

  it('is the mean when there is too little to trim, and NaN for nothing', () => {
    expect(trimmedMean([1, 3])).toBe(2)
    expect(trimmedMean([])).toBeNaN()
  })
})

// A real run, committed as it came: `npm run bench -- --only ab --against HEAD --slow-b 20
// --save bench/ab-slow-b.json`, where B is A with a 20 µs busy loop at the start of every SDK
// call (bench/lib/against.ts, injectBusyLoop). Its figures are recomputed here from the raw
// per-load values, by the same code as BENCHMARKS.md's.
describe('a real A/B run with a 20 µs slow-down of B’s call path', () => {
  const run = JSON.parse(
    readFileSync(new URL('../bench/ab-slow-b.json', import.meta.url), 'utf8'),
  ) as AbRun
  const f = abFigures(run)

  it('was that run: A and B the same commit, B with the busy loop, at least 5 page loads', () => {
    expect(run.a.commit).toBe(run.b.commit)
    expect(run.a.patch).toBeUndefined()
    expect(run.b.patch).toBe('a 20 µs busy loop at the start of every SDK call')
    expect(run.loads.length).toBeGreaterThanOrEqual(MIN_LOADS)
  })

  it('reports the back-to-back call worse beyond its spread, and the controls not', () => {
    expect(f.call.verdict).toBe('worse')
    expect(f.call.spread[0]).toBeGreaterThan(1)
    expect(f.callVsFloor.verdict).toBe('worse')
    expect(f.callVsPenpal.verdict).toBe('worse')
    // The floor and bare penpal run the same code in both frames.
    expect(f.floor.verdict).toBe('same')
    expect(f.penpal.verdict).toBe('same')
  })
})

describe('injectBusyLoop', () => {
  const bridge = readFileSync(new URL('../src/sdk/bridge.ts', import.meta.url), 'utf8')

  it('puts the loop first in Bridge.call, once', () => {
    const slowed = injectBusyLoop(bridge, 20)
    expect(slowed.split('while (performance.now() < busyUntil) {}')).toHaveLength(2)
    expect(slowed).toMatch(
      /call: \(method, request, callTimeout\) => \{\n\s+const busyUntil = performance\.now\(\) \+ 0\.02\n/,
    )
  })

  it('refuses a source whose anchor is gone', () => {
    expect(() => injectBusyLoop('export const x = 1\n', 20)).toThrow(/no `call:/)
  })
})

describe('the handshake in warm round trips, and first loads', () => {
  const run = JSON.parse(
    readFileSync(new URL('../bench/ab-slow-b.json', import.meta.url), 'utf8'),
  ) as AbRun

  it('gives none for a run saved before they were measured', () => {
    const f = abFigures(run)
    expect(f.handshakeTrips).toBeUndefined()
    expect(f.handshakeWhole).toBeUndefined()
    expect(f.firstLoad).toBeUndefined()
  })

  it("divides each panel load's handshake by that load's warm round trip", () => {
    const warm = [0.5, 1, 0.8, 0.6, 1]
    const f = abFigures({
      ...run,
      handshake: warm.map((w, i) => ({
        a: 2 * w,
        b: (3 + i / 10) * w,
        mounts: 12,
        warm: w,
        whole: { a: 10, b: 12 },
      })),
    })
    expect(f.handshakeTrips?.perLoad.map((l) => [l.a, l.b])).toEqual(
      warm.map((_, i) => [expect.closeTo(2), expect.closeTo(3 + i / 10)]),
    )
    expect(f.handshakeTrips?.b).toBeCloseTo(3.2)
    expect(f.handshakeTrips?.verdict).toBe('worse')
    expect(f.handshakeWhole?.ratio).toBeCloseTo(1.2)
  })

  it("summarizes each build's first loads apart (no page load holds both)", () => {
    const f = firstLoadFigures({
      a: { script: [10, 12, 11, 30, 9, 10], whole: [20, 22, 21, 40, 19, 20] },
      b: { script: [8, 9, 8, 9, 8, 9], whole: [18, 19, 18, 19, 18, 19] },
    })
    expect(f.loads).toBe(6)
    expect(f.script.a.median).toBe(10.5)
    expect(f.script.a.p95).toBeCloseTo(25.5)
    expect(f.script.b.p95).toBeCloseTo(9)
    expect(f.whole.b.median).toBe(18.5)
  })
})
