import os from 'node:os'
import type { Browser } from '@playwright/test'
import { FLOODS, runFlood } from '../../e2e/floods.ts'
import { initializedWidget } from '../../e2e/helpers.ts'
import { CONFIG, log, root, TARGETS } from '../config.ts'
import {
  type CpuProfile,
  longestBusy,
  type ProfileSummary,
  summarizeProfile,
} from '../lib/profile.ts'
import type { FloodRun, FloodsRun, FloodTasks } from '../lib/results.ts'
import { summarize } from '../lib/stats.ts'

/**
 * The panel's main-thread tasks in a Chromium trace (`toplevel` and `scheduler` categories): the
 * thread that ran main-frame tasks (the widget is an out-of-process frame, the only other
 * renderer). Wall time and thread time (CPU) of the longest task, the most CPU any task took,
 * and the task count.
 */
function panelTasks(trace: { traceEvents: TraceEvent[] }): FloodTasks {
  const events = trace.traceEvents
  const threads = new Set(
    events
      .filter(
        (e) => e.args?.renderer_main_thread_task_execution?.frame_type === 'FRAME_TYPE_MAIN_FRAME',
      )
      .map((e) => `${e.pid}:${e.tid}`),
  )
  const tasks = events.filter(
    (e) =>
      e.ph === 'X' &&
      e.name === 'ThreadControllerImpl::RunTask' &&
      threads.has(`${e.pid}:${e.tid}`) &&
      e.dur !== undefined &&
      e.tdur !== undefined &&
      // A thread time above the wall time is a tracing artefact (seen on a 11 µs task).
      e.tdur <= e.dur,
  )
  let longest = { dur: 0, tdur: 0 }
  let cpu = 0
  for (const t of tasks as Required<TraceEvent>[]) {
    if (t.dur > longest.dur) longest = t
    cpu = Math.max(cpu, t.tdur)
  }
  return {
    count: tasks.length,
    longestWall: longest.dur / 1000,
    longestCpu: longest.tdur / 1000,
    maxCpu: cpu / 1000,
  }
}

/**
 * The panel's main-thread time per flood message, µs, over the whole profile: its own code (the
 * host's and the transport's sources) and everything else (the browser's native work, garbage
 * collection, penpal, the test panel).
 */
function perMessage(p: ProfileSummary): { host: number; other: number } {
  const host = Object.entries(p.byCategory)
    .filter(([k]) => k.startsWith('src/'))
    .reduce((a, [, v]) => a + v, 0)
  return { host, other: p.busyPerCall - host }
}

/** The parts of a Chromium trace event read here (µs). */
interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  dur?: number
  tdur?: number
  args?: { renderer_main_thread_task_execution?: { frame_type?: string } }
}

/**
 * The floods of `e2e/floods.ts` against the e2e test panel: each flood
 * `CONFIG.floods.runs` times, interleaved, each run on a new tab; then one run of each with a
 * trace of the panel's tasks (wall and CPU time) and the CPU profiler on the panel, whose longest
 * busy stretch says what filled it.
 */
export async function floods(browser: Browser, panel: string): Promise<FloodsRun> {
  const started = Date.now()
  const loadStart = os.loadavg()[0] as number
  const context = await browser.newContext({
    baseURL: panel,
    viewport: { width: 1280, height: 800 },
  })
  const entries = Object.values(FLOODS)
  const out: FloodRun[] = entries.map((f) => ({
    flood: f.title,
    messages: f.count,
    longest: [],
    median: Number.NaN,
    max: Number.NaN,
    loads: [],
  }))
  /**
   * One run of `f` on a new tab. `instrumented`: with a Chromium trace of the panel's tasks and
   * the CPU profiler on the panel, which slows it down a little.
   */
  const once = async (f: (typeof entries)[number], instrumented: boolean) => {
    const page = await context.newPage()
    page.on('pageerror', (error) => log(`page error: ${error.message}`))
    try {
      const frame = await initializedWidget(page)
      if (!instrumented) return { longest: await runFlood(page, frame, f) }
      const cdp = await context.newCDPSession(page)
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: CONFIG.floods.intervalUs })
      await browser.startTracing(page, { categories: ['toplevel', 'scheduler'] })
      await cdp.send('Profiler.start')
      const longest = await runFlood(page, frame, f)
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }
      const trace = JSON.parse((await browser.stopTracing()).toString())
      await cdp.detach()
      return {
        longest,
        instrumented: {
          longest,
          tasks: panelTasks(trace),
          profile: longestBusy(profile, root),
          perMessage: perMessage(summarizeProfile(profile, f.count, root)),
        },
      }
    } finally {
      await page.close()
    }
  }
  for (let run = 0; run < CONFIG.floods.runs; run++) {
    for (const [i, f] of entries.entries()) {
      log(`floods: ${f.title} (${run + 1} of ${CONFIG.floods.runs})`)
      const o = out[i] as FloodRun
      o.loads.push(os.loadavg()[0] as number)
      o.longest.push((await once(f, false)).longest)
    }
  }
  for (const [i, f] of entries.entries()) {
    log(`floods: ${f.title}, traced and profiled`)
    const o = out[i] as FloodRun
    o.instrumented = (await once(f, true)).instrumented
    const s = summarize(o.longest)
    o.median = s.median
    o.max = s.max
  }
  await context.close()
  return {
    runs: CONFIG.floods.runs,
    targetMs: TARGETS.floodLongestTaskMs,
    durationS: Math.round((Date.now() - started) / 1000),
    loadStart,
    loadEnd: os.loadavg()[0] as number,
    floods: out,
  }
}
