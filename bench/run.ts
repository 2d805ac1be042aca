// `npm run bench` (after the build): size, handshake, call latency against the raw floors,
// scale, endurance and peers, in one headless Chromium run. Writes BENCHMARKS.md and
// bench/results.json, and prints the Markdown. See BENCHMARKS.md for the method.

import { execFileSync, execSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, type CDPSession, chromium, type Frame, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumExecutable } from '../e2e/browser.ts'
import { FLOODS, runFlood } from '../e2e/floods.ts'
import { initializedWidget } from '../e2e/helpers.ts'
import { origins, serve } from '../scripts/serve.mjs'
import type { BenchState, Kind } from './lib/page.ts'
import {
  type CpuProfile,
  longestBusy,
  type ProfileSummary,
  summarizeProfile,
} from './lib/profile.ts'
import { renderFloods, renderMarkdown } from './lib/report.ts'
import type {
  FirstLoadRun,
  FirstLoadSample,
  FloodRun,
  FloodsRun,
  FloodTasks,
  HandshakeRun,
  Results,
  Snapshot,
} from './lib/results.ts'
import { attribute, attributeSections, sizesOf } from './lib/size.ts'
import { summarize } from './lib/stats.ts'

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)))
process.chdir(root)

/** Iteration counts. Every latency figure is a median or p95 over many batches. */
const CONFIG = {
  /** First base port tried (panel, widgets, third on base..base+2); BENCH_PORT pins one. */
  basePort: Number(process.env.BENCH_PORT ?? 7301),
  handshake: { warmupLoads: 3, loads: 50, lateLoads: 20, attachedLoads: 20 },
  /** Page loads in a fresh Chromium each (cold processes, cold cache). */
  firstLoads: 20,
  /** Quiet time after a page's widgets are ready, before measuring. */
  settleMs: 500,
  calls: { loads: 3, warmup: 500, rounds: 4, batches: 20, perBatch: 20 },
  isolated: { calls: 120, gapMs: 20 },
  profile: { calls: 3000, intervalUs: 50 },
  scale: { widgets: [1, 10, 50], repeats: 4, warmup: 300, rounds: 3, batches: 20, perBatch: 20 },
  endurance: { warmup: 500, sequential: 10_000, perBatch: 20, concurrent: 1_000 },
  peers: { loads: 2, warmup: 300, rounds: 4, batches: 20, perBatch: 20 },
  /** Runs of each flood (interleaved), then one traced and profiled run of each (profiler interval). */
  floods: { runs: 5, intervalUs: 100 },
  /** The whole run must end by itself. */
  deadlineMs: 10 * 60_000,
}

const TARGETS = {
  gzipBytes: 4500,
  handshakeRoundTrips: 5,
  callVsMessageChannel: 1.3,
  scale50vs1: 1.2,
  floodLongestTaskMs: 200,
}

/** `--only floods` (or `BENCH_ONLY=floods`): run that section alone and print it, writing nothing. */
const ONLY = (() => {
  const i = process.argv.indexOf('--only')
  const only = i >= 0 ? process.argv[i + 1] : process.env.BENCH_ONLY
  if (only !== undefined && only !== 'floods')
    throw new Error(`--only ${only}: only "floods" can run alone`)
  return only
})()

/**
 * penpal modules that `connect` brings along and the widget side never runs: the handler for
 * calls *to* the widget (it exposes no methods) and `Reply` (only a method implementation
 * returns one). The script build trims them (scripts/penpal-trim.ts); what is left of them in
 * platform.js shows whether the trim held.
 */
const PENPAL_UNUSED = ['src/connectCallHandler.ts', 'src/Reply.ts']

const log = (message: string) => process.stderr.write(`[bench] ${message}\n`)

/** Chromium processes started here directly (Playwright cleans up its own); killed on exit. */
const spawned = new Set<number>()
process.on('exit', () => {
  for (const pid of spawned) {
    try {
      process.kill(-pid, 'SIGKILL')
    } catch {}
  }
})

const deadline = setTimeout(() => {
  log(`still running after ${CONFIG.deadlineMs / 60_000} min: giving up`)
  process.exit(2)
}, CONFIG.deadlineMs)
deadline.unref()

/** True when nothing listens on 127.0.0.1:`port`. */
const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })

/** The first base port from `start` (in steps of 10) whose three ports are free. */
async function freeBase(start: number): Promise<number> {
  const tries = process.env.BENCH_PORT ? 1 : 20
  for (let base = start, i = 0; i < tries; i++, base += 10) {
    if ((await Promise.all([0, 1, 2].map((d) => portFree(base + d)))).every(Boolean)) return base
  }
  throw new Error(`no free base port from ${start}: set BENCH_PORT`)
}

function machine() {
  const cpu = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown'
  const sh = (cmd: string) => {
    try {
      return execSync(cmd, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
    } catch {
      return ''
    }
  }
  return {
    nproc: Number(sh('nproc')) || os.cpus().length,
    cpu,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    commit: sh('git rev-parse --short HEAD'),
    dirty: sh('git status --porcelain -- src package.json vite.config.ts') !== '',
    loadStart: os.loadavg()[0] as number,
    loadEnd: Number.NaN,
  }
}

/** `text` as the repository's formatter (`biome check .`) would write the file `file`. */
function formatted(file: string, text: string): string {
  try {
    return execFileSync(
      path.join(root, 'node_modules/.bin/biome'),
      ['format', `--stdin-file-path=${file}`],
      { input: text, encoding: 'utf8', stdio: ['pipe', 'pipe', 'ignore'] },
    )
  } catch (error) {
    log(`biome could not format ${file}, writing it as generated: ${error}`)
    return text
  }
}

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
 * Opens `url` in a Chromium started here with only the `e2e/browser.ts` flags and a fresh
 * profile, and no debugger attached while the page runs (an automation client attaches to every
 * new out-of-process frame and slows its start): the harness polls the page title through the
 * DevTools HTTP endpoint until it is "done", then attaches once and returns `read(page)`.
 */
async function inFreshChromium<T>(
  url: string,
  read: (page: Page) => Promise<T>,
  timeoutMs: number,
): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-'))
  const executable = chromiumExecutable() ?? chromium.executablePath()
  const child = spawn(
    executable,
    [...CHROMIUM_ARGS, '--headless', '--remote-debugging-port=0', `--user-data-dir=${dir}`, url],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  )
  const exited = once(child, 'exit')
  if (child.pid) spawned.add(child.pid)
  child.once('exit', () => {
    if (child.pid) spawned.delete(child.pid)
  })
  try {
    const ws = await new Promise<string>((resolve, reject) => {
      let buffer = ''
      const timer = setTimeout(() => reject(new Error('Chromium did not start')), 30_000)
      child.stderr?.on('data', (chunk) => {
        buffer += chunk
        const m = /DevTools listening on (ws:\/\/\S+)/.exec(buffer)
        if (m) {
          clearTimeout(timer)
          resolve(m[1] as string)
        }
      })
      child.once('exit', () => reject(new Error(`Chromium exited: ${buffer.slice(-500)}`)))
    })
    const http = ws.replace(/^ws:/, 'http:').replace(/\/devtools\/.*$/, '')
    const until = Date.now() + timeoutMs
    for (;;) {
      const targets = (await (await fetch(`${http}/json/list`)).json()) as {
        type: string
        title: string
      }[]
      if (targets.some((t) => t.type === 'page' && t.title === 'done')) break
      if (Date.now() > until) throw new Error(`${url} did not finish`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const browser = await chromium.connectOverCDP(ws)
    try {
      const page = browser
        .contexts()[0]
        ?.pages()
        .find((p) => p.url() === url)
      if (!page) throw new Error(`${url} is gone`)
      return await read(page)
    } finally {
      // Close the browser itself (disconnecting would leave it running).
      await (await browser.newBrowserCDPSession()).send('Browser.close').catch(() => {})
      await browser.close()
    }
  } finally {
    const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 10_000).unref())
    if ((await Promise.race([exited, timeout])) === 'timeout') {
      // Its renderers and helpers share the process group of the Chromium started here.
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL')
      } catch {}
    }
    for (let attempt = 0; ; attempt++) {
      try {
        rmSync(dir, { recursive: true, force: true })
        break
      } catch (error) {
        if (attempt >= 20) {
          log(`could not remove ${dir}: ${error}`)
          break
        }
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    }
  }
}

/**
 * Handshakes as a panel sees them when it mounts a widget: the bench host page mounts and
 * unmounts the widget itself (`loop`), alternating SDK handshakes with cold raw round trips, in
 * a Chromium with no debugger attached ({@link inFreshChromium}).
 */
function handshakes(panel: string, loads: number, wq: string): Promise<HandshakeRun> {
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

/**
 * First loads: each in a Chromium started for it, with a fresh profile (cold processes, cold
 * HTTP cache), the bench panel mounting one widget that reports when `initialize()` resolved.
 */
async function firstLoads(panel: string, loads: number): Promise<FirstLoadRun> {
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
 * The floods of `e2e/floods.ts` against the e2e test panel (issue 12): each flood
 * `CONFIG.floods.runs` times, interleaved, each run on a new tab; then one run of each with a
 * trace of the panel's tasks (wall and CPU time) and the CPU profiler on the panel, whose longest
 * busy stretch says what filled it.
 */
async function floods(browser: Browser, panel: string): Promise<FloodsRun> {
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

/** `--only floods`: the server, one Chromium, the floods; prints section 7 and writes no file. */
async function floodsOnly() {
  const server = await serve(origins(await freeBase(CONFIG.basePort)))
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: CHROMIUM_ARGS,
  })
  try {
    const f = await floods(browser, server.origins.panel.origin)
    process.stdout.write(
      `${renderFloods(f)}\n\n\`\`\`json\n${JSON.stringify(f, null, 2)}\n\`\`\`\n`,
    )
    log(`done in ${f.durationS} s; nothing written (--only floods)`)
  } finally {
    await browser.close()
    await server.close()
  }
}

async function main() {
  const started = Date.now()
  const results: Partial<Results> = {
    date: new Date().toISOString(),
    command: 'npm run bench',
    machine: machine(),
    config: CONFIG,
    targets: TARGETS,
  }

  log('size')
  results.size = {
    platform: sizesOf('dist/platform.js'),
    parts: attribute('dist/platform.js'),
    penpal: attributeSections('dist/platform.js', 'penpal', PENPAL_UNUSED),
    reference: {
      'penpal 7 (penpal.min.js)': sizesOf('node_modules/penpal/dist/penpal.min.js'),
      'comlink 4 (comlink.min.js)': sizesOf('node_modules/comlink/dist/umd/comlink.min.js'),
      'post-robot 10 (post-robot.min.js)': sizesOf(
        'node_modules/post-robot/dist/post-robot.min.js',
      ),
    },
  }

  const base = await freeBase(CONFIG.basePort)
  const server = await serve(origins(base))
  const panel = server.origins.panel.origin
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: CHROMIUM_ARGS,
  })
  try {
    results.browser = `Chromium ${browser.version()} (headless)`
    results.origins = { panel, widget: server.origins.widget.origin }
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    page.on('pageerror', (error) => log(`page error: ${error.message}`))

    /** Opens the bench panel and waits for its `n` widgets to be initialized (or done). */
    const open = async (
      query: Record<string, string>,
      n = 1,
      until: 'ready' | 'done' = 'ready',
    ) => {
      await page.goto(
        `${panel}/bench/pages/host.html?${new URLSearchParams({ n: String(n), ...query })}`,
      )
      await page.waitForFunction(() => window.hostReady === true, undefined, { polling: 20 })
      const frames: Frame[] = []
      for (let i = 0; i < n; i++) {
        const frame = await (
          await page.waitForSelector(`iframe[data-app-key="w${i}"]`)
        ).contentFrame()
        if (!frame) throw new Error(`no frame for w${i}`)
        await frame.waitForFunction(
          (key) => window.benchState?.[key] === true || window.benchState?.error !== undefined,
          until,
          { polling: 20, timeout: 60_000 },
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
    const summaries = (samples: Record<string, number[]>) =>
      Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, summarize(v)]))
    const median = (xs: number[]) => summarize(xs).median

    // 2. Handshake (see handshakes() below): a Chromium with no debugger attached during the loop,
    // then the same loop with Playwright attached, for comparison.
    log('handshake: mount loop, no debugger attached')
    const atStart = await handshakes(panel, CONFIG.handshake.loads, '')
    log('handshake: mount loop after load, no debugger attached')
    const afterLoad = await handshakes(panel, CONFIG.handshake.lateLoads, 'late=1')
    log(`first loads: ${CONFIG.firstLoads}, each in a fresh Chromium`)
    results.firstLoad = await firstLoads(panel, CONFIG.firstLoads)
    log('handshake: mount loop, Playwright attached')
    await page.goto(
      `${panel}/bench/pages/host.html?loop=${CONFIG.handshake.warmupLoads + CONFIG.handshake.attachedLoads}`,
    )
    await page.waitForFunction(() => document.title === 'done', undefined, {
      polling: 1000,
      timeout: 180_000,
    })
    const attached = summarizeHandshakes(
      await page.evaluate(() => window.handshakes),
      CONFIG.handshake.warmupLoads,
    )

    // 3. Call latency beside the floors, over several page loads, then a CPU profile.
    const kinds: Kind[] = ['sdk', 'mc', 'pm']
    const pooled: Record<string, number[]> = { sdk: [], mc: [], pm: [] }
    const isolatedPooled: Record<string, number[]> = { sdk: [], mc: [], pm: [] }
    results.callsPerLoad = []
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
      results.callsPerLoad.push({
        sdk: median(samples.sdk),
        mc: median(samples.mc),
        pm: median(samples.pm),
      })
    }
    if (!callFrame) throw new Error('no widget')
    const calls = summaries(pooled)
    results.calls = calls
    results.isolated = summaries(isolatedPooled)
    results.handshake = { atStart, afterLoad, attached }

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
    results.profile = { sdk: await profile('sdk'), mc: await profile('mc') }
    await hostCdp.detach()
    await widgetCdp.detach()

    // 4. Scale: the same call from the widget mounted last, with 1, 10 and 50 mounted; each
    // count loaded several times, in alternating order.
    const scaleSamples = new Map<number, Record<Kind, number[]>>()
    const scalePerLoad = new Map<number, { sdk: number; mc: number }[]>()
    for (let rep = 0; rep < CONFIG.scale.repeats; rep++) {
      const order = rep % 2 ? [...CONFIG.scale.widgets].reverse() : CONFIG.scale.widgets
      for (const n of order) {
        log(`scale: ${n} widgets (${rep + 1} of ${CONFIG.scale.repeats})`)
        const frames = await open({}, n)
        const last = frames[frames.length - 1] as Frame
        const r = await interleaved(last, ['sdk', 'mc'], CONFIG.scale)
        const all =
          scaleSamples.get(n) ?? ({ sdk: [], mc: [] } as unknown as Record<Kind, number[]>)
        all.sdk.push(...r.sdk)
        all.mc.push(...r.mc)
        scaleSamples.set(n, all)
        scalePerLoad.set(n, [
          ...(scalePerLoad.get(n) ?? []),
          { sdk: median(r.sdk), mc: median(r.mc) },
        ])
      }
    }
    results.scale = CONFIG.scale.widgets.map((n) => ({
      widgets: n,
      sdk: summarize(scaleSamples.get(n)?.sdk ?? []),
      mc: summarize(scaleSamples.get(n)?.mc ?? []),
      perLoad: scalePerLoad.get(n) ?? [],
    }))

    // 5. Endurance, with listener and timer counting on in both frames.
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
    results.endurance = {
      sequential: summarize(sequential),
      sequentialFirst: summarize(sequential.slice(0, tenth)),
      sequentialLast: summarize(sequential.slice(-tenth)),
      concurrentMs,
      clearedTimers: cleared,
      snapshots,
    }
    await eHost.detach()
    await eWidget.detach()

    // 6. Peers: the same ping-pong over the same two frames, with bare penpal, comlink and
    // post-robot loaded in both, over a few page loads.
    const peerKinds: Kind[] = ['sdk', 'penpal', 'mc', 'pm', 'comlink', 'comlink-port', 'post-robot']
    const peerSamples: Record<string, number[]> = Object.fromEntries(peerKinds.map((k) => [k, []]))
    for (let load = 0; load < CONFIG.peers.loads; load++) {
      log(`peers: page load ${load + 1} of ${CONFIG.peers.loads}`)
      const [pFrame] = await open({ peers: '1', wq: 'peers=1' })
      if (!pFrame) throw new Error('no widget')
      const samples = await interleaved(pFrame, peerKinds, CONFIG.peers)
      for (const k of peerKinds) peerSamples[k]?.push(...samples[k])
    }
    results.peers = summaries(peerSamples)
    await context.close()

    // 7. Floods from a hostile widget, against the e2e test panel.
    results.floods = await floods(browser, panel)
  } finally {
    await browser.close()
    await server.close()
  }
  results.durationS = Math.round((Date.now() - started) / 1000)
  if (results.machine) results.machine.loadEnd = os.loadavg()[0] as number

  const full = results as Results
  const markdown = formatted('BENCHMARKS.md', renderMarkdown(full))
  writeFileSync(
    'bench/results.json',
    formatted('bench/results.json', `${JSON.stringify(full, null, 2)}\n`),
  )
  writeFileSync('BENCHMARKS.md', markdown)
  process.stdout.write(markdown)
  log(`done in ${full.durationS} s: wrote BENCHMARKS.md and bench/results.json`)
}

;(ONLY === 'floods' ? floodsOnly() : main()).then(
  () => process.exit(0),
  (error) => {
    log(String(error?.stack ?? error))
    process.exit(1)
  },
)
