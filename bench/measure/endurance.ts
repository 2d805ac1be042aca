import type { BrowserContext, CDPSession, Frame, Page } from '@playwright/test'
import { CONFIG, log } from '../config.ts'
import type { Results, Snapshot } from '../lib/results.ts'
import { summarize } from '../lib/stats.ts'
import type { BenchPanel } from './bench-panel.ts'

/** 5. Endurance, with listener and timer counting on in both frames. */
export async function measureEndurance(
  context: BrowserContext,
  { page, open }: BenchPanel,
): Promise<Results['endurance']> {
  log('endurance')
  const [eFrame] = await open({ instrument: '1', wq: 'instrument=1' })
  if (!eFrame) throw new Error('no widget')
  const eHost = await context.newCDPSession(page)
  const eWidget = await context.newCDPSession(eFrame)
  const side = async (cdp: CDPSession, target: Page | Frame) => {
    await cdp.send('HeapProfiler.collectGarbage')
    await cdp.send('HeapProfiler.collectGarbage')
    const heap = await cdp.send('Runtime.getHeapUsage')
    const win = await cdp.send('Runtime.evaluate', { expression: 'window' })
    const objectId = win.result.objectId as string
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId })
    await cdp.send('Runtime.releaseObject', { objectId })
    const counted = await target.evaluate(() => ({
      listeners: window.__benchInstrument.listeners(),
      timers: window.__benchInstrument.timers(),
    }))
    const windowListeners: Record<string, number> = {}
    for (const l of listeners) windowListeners[l.type] = (windowListeners[l.type] ?? 0) + 1
    return {
      heapUsed: heap.usedSize,
      windowListeners,
      listeners: counted.listeners,
      timers: counted.timers,
    }
  }
  const snapshots: Snapshot[] = []
  const snap = async (step: string) => {
    // The in-memory backend keeps a log of every token it issued; empty it so the host heap
    // shows the bridge, not the test backend's audit log.
    const tokens = await page.evaluate(() => {
      const n = window.backend.tokens.length
      window.backend.tokens.length = 0
      return n
    })
    snapshots.push({
      step,
      tokensLogged: tokens,
      host: await side(eHost, page),
      widget: await side(eWidget, eFrame),
    })
  }
  const E = CONFIG.endurance
  await eFrame.evaluate(([n]) => window.bench.measure('sdk', 1, n), [E.warmup] as const)
  await eFrame.evaluate(([n]) => window.bench.measure('mc', 1, n), [E.warmup] as const)
  await snap('before')
  await eFrame.evaluate(([b, p]) => window.bench.measure('mc', b, p), [
    E.sequential / E.perBatch,
    E.perBatch,
  ] as const)
  await snap(`after ${E.sequential.toLocaleString('en')} raw MessageChannel pings (control)`)
  const sequential = await eFrame.evaluate(([b, p]) => window.bench.measure('sdk', b, p), [
    E.sequential / E.perBatch,
    E.perBatch,
  ] as const)
  await snap(`after ${E.sequential.toLocaleString('en')} sequential SDK calls`)
  const concurrentMs = await eFrame.evaluate(([n]) => window.bench.concurrent('sdk', n), [
    E.concurrent,
  ] as const)
  await snap(`after ${E.concurrent.toLocaleString('en')} concurrent SDK calls`)
  const cleared = await eFrame.evaluate(() => window.__benchInstrument.clearTimers(60_000))
  await snap(`after clearing the widget's ${cleared.toLocaleString('en')} pending timers ≥ 60 s`)
  const tenth = Math.floor(sequential.length / 10)
  const endurance = {
    sequential: summarize(sequential),
    sequentialFirst: summarize(sequential.slice(0, tenth)),
    sequentialLast: summarize(sequential.slice(-tenth)),
    concurrentMs,
    clearedTimers: cleared,
    snapshots,
  }
  await eHost.detach()
  await eWidget.detach()
  return endurance
}
