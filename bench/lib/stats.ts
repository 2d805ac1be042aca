/** Summary of a sample: median and p95 (linear interpolation between order statistics). */
export interface Summary {
  n: number
  median: number
  p95: number
  mean: number
  min: number
  max: number
}

export function quantile(sorted: number[], q: number): number {
  if (!sorted.length) return Number.NaN
  const pos = (sorted.length - 1) * q
  const lo = Math.floor(pos)
  const hi = Math.ceil(pos)
  const a = sorted[lo] as number
  const b = sorted[hi] as number
  return a + (b - a) * (pos - lo)
}

export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b)
  return {
    n: sorted.length,
    median: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    mean: sorted.reduce((s, x) => s + x, 0) / (sorted.length || 1),
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
  }
}
