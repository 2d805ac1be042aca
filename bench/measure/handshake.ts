import type { Page } from '@playwright/test'
import { CONFIG } from '../config.ts'
import type { BenchState } from '../lib/page.ts'
import type { HandshakeRun } from '../lib/results.ts'
import { summarize } from '../lib/stats.ts'
import { inFreshChromium } from './fresh-chromium.ts'

/** Per-mount states from the host's loop, warm-up mounts dropped, summarized. */
function summarizeHandshakes(
  runs: { sdk: BenchState[]; raw: BenchState[]; warm: { pm: number[]; mc: number[] } },
  warmup: number,
): HandshakeRun {
  const sdk = runs.sdk.slice(warmup)
  const raw = runs.raw.slice(warmup)
  const initialize: number[] = []
  const steps = { answer: [] as number[], after: [] as number[] }
  const byLeader = { host: [] as number[], widget: [] as number[] }
  let greeted = 0
  for (const state of sdk) {
    const end = state.end as number
    initialize.push(end - state.start)
    // The SDK posts its SYN as platform.js runs (from `mark`); the host, leading, answers with
    // ACK1 alone: the port and its greeting. Only SYN and ACK1 travel through the window.
    const ack1 = state.handshake.find((m) => m.type === 'ACK1')
    byLeader[ack1 ? 'host' : 'widget'].push(end - state.start)
    if (ack1) {
      steps.answer.push(ack1.at - state.mark)
      // From the later of the answer's arrival and the `initialize()` call, to its resolving.
      steps.after.push(end - Math.max(ack1.at, state.start))
      if (ack1.greeted) greeted++
    }
  }
  return {
    loads: sdk.length,
    initialize: summarize(initialize),
    scriptEval: summarize(sdk.map((s) => s.scriptStart - s.mark)),
    scriptRun: summarize(
      sdk.map((s) => s.scriptStart - Math.max(s.mark, s.scriptsDownloaded ?? s.mark)),
    ),
    answer: summarize(steps.answer),
    afterAnswer: summarize(steps.after),
    hostLed: summarize(byLeader.host),
    widgetLed: summarize(byLeader.widget),
    greeted,
    warm: { pm: summarize(runs.warm.pm), mc: summarize(runs.warm.mc) },
    coldCumulative: [0, 1, 2, 3, 4, 5].map((k) =>
      summarize(raw.map((s) => s.cold?.[k] ?? Number.NaN)),
    ),
  }
}

/**
 * Handshakes as a panel sees them when it mounts a widget: the bench host page mounts and
 * unmounts the widget itself (`loop`), alternating SDK handshakes with cold raw round trips, in
 * a Chromium with no debugger attached ({@link inFreshChromium}).
 */
export function handshakes(panel: string, loads: number, wq: string): Promise<HandshakeRun> {
  const loop = CONFIG.handshake.warmupLoads + loads
  const url = `${panel}/bench/pages/host.html?${new URLSearchParams({ loop: String(loop), wq })}`
  return inFreshChromium(
    url,
    async (page) =>
      summarizeHandshakes(
        await page.evaluate(() => window.handshakes),
        CONFIG.handshake.warmupLoads,
      ),
    180_000,
  )
}

/** The same loop in the harness's own page, with Playwright attached (for comparison only). */
export async function attachedHandshakes(page: Page, panel: string): Promise<HandshakeRun> {
  await page.goto(
    `${panel}/bench/pages/host.html?loop=${CONFIG.handshake.warmupLoads + CONFIG.handshake.attachedLoads}`,
  )
  await page.waitForFunction(() => document.title === 'done', undefined, {
    polling: 1000,
    timeout: 180_000,
  })
  return summarizeHandshakes(
    await page.evaluate(() => window.handshakes),
    CONFIG.handshake.warmupLoads,
  )
}
