import type { Frame } from '@playwright/test'
import { CONFIG, log } from '../config.ts'
import type { Kind } from '../lib/page.ts'
import type { Results } from '../lib/results.ts'
import { summarize } from '../lib/stats.ts'
import { type BenchPanel, median } from './bench-panel.ts'

/**
 * 4. Scale: the same call from the widget mounted last, with 1, 10 and 50 mounted; each count
 * loaded several times, in alternating order.
 */
export async function measureScale({ open, interleaved }: BenchPanel): Promise<Results['scale']> {
  const scaleSamples = new Map<number, Record<Kind, number[]>>()
  const scalePerLoad = new Map<number, { sdk: number; mc: number }[]>()
  for (let rep = 0; rep < CONFIG.scale.repeats; rep++) {
    const order = rep % 2 ? [...CONFIG.scale.widgets].reverse() : CONFIG.scale.widgets
    for (const n of order) {
      log(`scale: ${n} widgets (${rep + 1} of ${CONFIG.scale.repeats})`)
      const frames = await open({}, n)
      const last = frames[frames.length - 1] as Frame
      const r = await interleaved(last, ['sdk', 'mc'], CONFIG.scale)
      const all = scaleSamples.get(n) ?? ({ sdk: [], mc: [] } as unknown as Record<Kind, number[]>)
      all.sdk.push(...r.sdk)
      all.mc.push(...r.mc)
      scaleSamples.set(n, all)
      scalePerLoad.set(n, [
        ...(scalePerLoad.get(n) ?? []),
        { sdk: median(r.sdk), mc: median(r.mc) },
      ])
    }
  }
  return CONFIG.scale.widgets.map((n) => ({
    widgets: n,
    sdk: summarize(scaleSamples.get(n)?.sdk ?? []),
    mc: summarize(scaleSamples.get(n)?.mc ?? []),
    perLoad: scalePerLoad.get(n) ?? [],
  }))
}
