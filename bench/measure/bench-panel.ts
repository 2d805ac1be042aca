import type { Frame, Page } from '@playwright/test'
import { CONFIG } from '../config.ts'
import type { Kind } from '../lib/page.ts'
import { summarize } from '../lib/stats.ts'

/** How long a bench page may take to load and mount its widgets, ms. */
const LOAD_TIMEOUT = 180_000

/** The bench panel (`bench/pages/host.html`) in the harness's page, and how to measure in it. */
export type BenchPanel = ReturnType<typeof benchPanel>

/** The bench panel at `panel` (its origin), in `page`. */
export function benchPanel(page: Page, panel: string) {
  /** Opens the bench panel and waits for its `n` widgets to be initialized (or done). */
  const open = async (query: Record<string, string>, n = 1, until: 'ready' | 'done' = 'ready') => {
    // Generous timeouts: 50 widgets on a loaded machine (load average 30) took over 30 s to load.
    await page.goto(
      `${panel}/bench/pages/host.html?${new URLSearchParams({ n: String(n), ...query })}`,
      { timeout: LOAD_TIMEOUT },
    )
    await page.waitForFunction(() => window.hostReady === true, undefined, {
      polling: 20,
      timeout: LOAD_TIMEOUT,
    })
    const frames: Frame[] = []
    for (let i = 0; i < n; i++) {
      const frame = await (
        await page.waitForSelector(`iframe[data-app-key="w${i}"]`, { timeout: LOAD_TIMEOUT })
      ).contentFrame()
      if (!frame) throw new Error(`no frame for w${i}`)
      await frame.waitForFunction(
        (key) => window.benchState?.[key] === true || window.benchState?.error !== undefined,
        until,
        { polling: 20, timeout: LOAD_TIMEOUT },
      )
      const error = await frame.evaluate(() => window.benchState.error)
      if (error) throw new Error(`widget w${i}: ${error}`)
      frames.push(frame)
    }
    await page.waitForTimeout(CONFIG.settleMs)
    return frames
  }

  /** Interleaves the kinds round by round (rotating their order); ms per call, per batch. */
  const interleaved = async (
    frame: Frame,
    kinds: Kind[],
    c: { warmup: number; rounds: number; batches: number; perBatch: number },
  ) => {
    const samples = Object.fromEntries(kinds.map((k) => [k, [] as number[]]))
    for (const kind of kinds) {
      await frame.evaluate(([k, n]) => window.bench.measure(k, 1, n), [kind, c.warmup] as const)
    }
    for (let r = 0; r < c.rounds; r++) {
      for (let i = 0; i < kinds.length; i++) {
        const kind = kinds[(i + r) % kinds.length] as Kind
        const batch = await frame.evaluate(([k, b, p]) => window.bench.measure(k, b, p), [
          kind,
          c.batches,
          c.perBatch,
        ] as const)
        samples[kind]?.push(...batch)
      }
    }
    return samples as Record<Kind, number[]>
  }
  return { page, open, interleaved }
}

/** A summary per kind. */
export const summaries = (samples: Record<string, number[]>) =>
  Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, summarize(v)]))

export const median = (xs: number[]) => summarize(xs).median
