import type { BrowserContext, Frame } from '@playwright/test'
import { CONFIG, log, root } from '../config.ts'
import type { Kind } from '../lib/page.ts'
import { type CpuProfile, summarizeProfile } from '../lib/profile.ts'
import type { Results } from '../lib/results.ts'
import { type BenchPanel, median, summaries } from './bench-panel.ts'

/**
 * 3. Call latency beside the floors, over several page loads: back to back, interleaved, and
 * isolated. Returns the widget frame of the last load too, for {@link profileCalls}.
 */
export async function measureCalls({ open, interleaved }: BenchPanel) {
  const kinds: Kind[] = ['sdk', 'mc', 'pm']
  const pooled: Record<string, number[]> = { sdk: [], mc: [], pm: [] }
  const isolatedPooled: Record<string, number[]> = { sdk: [], mc: [], pm: [] }
  const perLoad: Results['callsPerLoad'] = []
  let callFrame: Frame | undefined
  for (let load = 0; load < CONFIG.calls.loads; load++) {
    log(`call latency: page load ${load + 1} of ${CONFIG.calls.loads}`)
    ;[callFrame] = await open({})
    if (!callFrame) throw new Error('no widget')
    const samples = await interleaved(callFrame, kinds, CONFIG.calls)
    for (const k of kinds) pooled[k]?.push(...samples[k])
    const isolated = await callFrame.evaluate(([k, n, gap]) => window.bench.isolated(k, n, gap), [
      kinds,
      Math.ceil(CONFIG.isolated.calls / CONFIG.calls.loads),
      CONFIG.isolated.gapMs,
    ] as const)
    for (const k of kinds) isolatedPooled[k]?.push(...isolated[k])
    perLoad.push({
      sdk: median(samples.sdk),
      mc: median(samples.mc),
      pm: median(samples.pm),
    })
  }
  if (!callFrame) throw new Error('no widget')
  return {
    perLoad,
    calls: summaries(pooled),
    isolated: summaries(isolatedPooled),
    frame: callFrame,
  }
}

/** A CPU profile of both frames at once while the widget in `callFrame` calls, SDK then floor. */
export async function profileCalls(
  context: BrowserContext,
  { page }: BenchPanel,
  callFrame: Frame,
): Promise<Results['profile']> {
  log('profile')
  const hostCdp = await context.newCDPSession(page)
  const widgetCdp = await context.newCDPSession(callFrame)
  const profile = async (kind: Kind) => {
    const sessions = [hostCdp, widgetCdp]
    for (const s of sessions) {
      await s.send('Profiler.enable')
      await s.send('Profiler.setSamplingInterval', { interval: CONFIG.profile.intervalUs })
      await s.send('Profiler.start')
    }
    const wall = await callFrame.evaluate(([k, n]) => window.bench.measure(k, 1, n), [
      kind,
      CONFIG.profile.calls,
    ] as const)
    const [host, widget] = await Promise.all(
      sessions.map(async (s) => {
        const { profile } = (await s.send('Profiler.stop')) as unknown as {
          profile: CpuProfile
        }
        await s.send('Profiler.disable')
        return summarizeProfile(profile, CONFIG.profile.calls, root)
      }),
    )
    return { wallPerCall: (wall[0] as number) * 1000, host, widget } as Results['profile']['sdk']
  }
  await callFrame.evaluate(() => window.bench.measure('sdk', 1, 300))
  const result = { sdk: await profile('sdk'), mc: await profile('mc') }
  await hostCdp.detach()
  await widgetCdp.detach()
  return result
}
