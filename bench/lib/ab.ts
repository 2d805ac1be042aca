// The A/B comparison's arithmetic: per page load, B's figure over A's; over the loads, the
// median ratio, its spread (the lowest and highest ratio) and a verdict. Pure, so the unit tests
// (test/bench-ab.test.ts) check it on numbers whose answer is known.

import { quantile } from './stats.ts'

/** Page loads an A/B figure needs before it gives a verdict (the "at least 5"). */
export const MIN_LOADS = 5

/** One page load's figure for each build (lower is better: ms, or a ratio to a floor). */
export interface AbSample {
  a: number
  b: number
}

/**
 * `worse`: B is above A in every page load (the whole spread of B/A is above 1); `better`: below
 * in every one; `same`: the spread holds 1, so this run cannot tell B from A.
 */
export type AbVerdict = 'worse' | 'better' | 'same'

export interface AbFigure {
  /** Each page load: A's figure, B's, and B/A. */
  perLoad: (AbSample & { ratio: number })[]
  /** Median over the loads of A's figure, of B's, and of B/A. */
  a: number
  b: number
  ratio: number
  /** The lowest and the highest B/A over the loads. */
  spread: [number, number]
  verdict: AbVerdict
}

const median = (xs: number[]) =>
  quantile(
    [...xs].sort((x, y) => x - y),
    0.5,
  )

/**
 * B/A over page loads in which both builds ran, interleaved, in the same page: the loads'
 * shared conditions (the machine's load, the page's state) cancel within each ratio, and what
 * is left of the noise shows as the spread between loads. A difference counts only when every
 * load agrees on its sign, which with {@link MIN_LOADS} loads happens by chance for a build that
 * does not differ in 2 runs of 32 (one in 16 for either sign).
 *
 * @example
 * abFigure([{ a: 0.2, b: 0.22 }, …]) // { ratio: 1.1, spread: [1.06, 1.13], verdict: 'worse', … }
 */
export function abFigure(samples: AbSample[]): AbFigure {
  if (samples.length < MIN_LOADS) {
    throw new Error(`an A/B figure needs ${MIN_LOADS} page loads, got ${samples.length}`)
  }
  const perLoad = samples.map(({ a, b }) => {
    if (!(a > 0 && b > 0)) throw new Error(`an A/B figure needs positive values, got ${a}, ${b}`)
    return { a, b, ratio: b / a }
  })
  const ratios = perLoad.map((l) => l.ratio)
  const spread: [number, number] = [Math.min(...ratios), Math.max(...ratios)]
  return {
    perLoad,
    a: median(perLoad.map((l) => l.a)),
    b: median(perLoad.map((l) => l.b)),
    ratio: median(ratios),
    spread,
    verdict: spread[0] > 1 ? 'worse' : spread[1] < 1 ? 'better' : 'same',
  }
}

/**
 * The mean of `xs` without its lowest and highest `trim` share: what an isolated call costs in a
 * page load. Each isolated call is timed alone at the browser's coarsened clock (100 µs steps,
 * with jitter), so a median moves in whole steps; a mean of many does not, and the trim keeps a
 * stray garbage collection from deciding it.
 */
export function trimmedMean(xs: number[], trim = 0.1): number {
  const sorted = [...xs].sort((x, y) => x - y)
  const cut = Math.floor(sorted.length * trim)
  const kept = sorted.slice(cut, sorted.length - cut)
  return kept.reduce((s, x) => s + x, 0) / (kept.length || Number.NaN)
}
