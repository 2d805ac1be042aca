import type { FirstLoadRun, FirstLoadSample } from '../lib/results.ts'
import { summarize } from '../lib/stats.ts'
import { inFreshChromium } from './fresh-chromium.ts'

/**
 * First loads: each in a Chromium started for it, with a fresh profile (cold processes, cold
 * HTTP cache), the bench panel mounting one widget that reports when `initialize()` resolved.
 */
export async function firstLoads(panel: string, loads: number): Promise<FirstLoadRun> {
  const url = `${panel}/bench/pages/host.html?${new URLSearchParams({ n: '1', wq: 'report=1', first: '1' })}`
  const samples: FirstLoadSample[] = []
  for (let i = 0; i < loads; i++) {
    const { widget, panel: p } = await inFreshChromium(
      url,
      (page) => page.evaluate(() => window.firstLoad),
      60_000,
    )
    const end = widget.end as number
    const answer = widget.handshake.find((m) => m.type === 'ACK1')
    // Both pages' clocks start at their own timeOrigin (ms since the epoch, high resolution).
    const inPanel = (t: number) => widget.timeOrigin + t - p.timeOrigin
    samples.push({
      scriptToInitialize: end - widget.scriptStart,
      platformToInitialize: end - widget.mark,
      answer: answer ? answer.at - widget.mark : Number.NaN,
      synToPanel: p.syn === undefined ? Number.NaN : p.syn - inPanel(widget.mark),
      panelToAnswer: p.syn === undefined || !answer ? Number.NaN : inPanel(answer.at) - p.syn,
      mountToInitialize: inPanel(end) - p.mounted,
      navigationToInitialize: inPanel(end),
      navigationToPlatform: inPanel(widget.mark),
    })
  }
  const pick = (k: keyof FirstLoadSample) => summarize(samples.map((s) => s[k]))
  return {
    loads,
    scriptToInitialize: pick('scriptToInitialize'),
    platformToInitialize: pick('platformToInitialize'),
    answer: pick('answer'),
    synToPanel: pick('synToPanel'),
    panelToAnswer: pick('panelToAnswer'),
    mountToInitialize: pick('mountToInitialize'),
    navigationToInitialize: pick('navigationToInitialize'),
    navigationToPlatform: pick('navigationToPlatform'),
  }
}
