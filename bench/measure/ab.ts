import os from 'node:os'
import type { Frame, Page } from '@playwright/test'
import { CONFIG, log } from '../config.ts'
import { trimmedMean } from '../lib/ab.ts'
import type { AbBuild } from '../lib/against.ts'
import type { BenchState, Kind } from '../lib/page.ts'
import { type Sizes, sizesOf } from '../lib/size.ts'
import { median } from './bench-panel.ts'
import { inFreshChromium } from './fresh-chromium.ts'

type Build = 'a' | 'b'
const BUILDS: Build[] = ['a', 'b']
/** What each page load times in both frames: the SDK's call, and beside it the floor and bare penpal. */
const KINDS = ['sdk', 'mc', 'penpal'] as const satisfies Kind[]
type Figure = Record<(typeof KINDS)[number], number>
const KIND_LIST: Kind[] = [...KINDS]

/** One page load of the A/B panel: each build's figures, ms. */
export interface AbLoad {
  /** The build whose host mounted first (it alternates). */
  first: Build
  /** Back to back: the median, over batches, of ms per call. */
  back: Record<Build, Figure>
  /** Isolated (one call after a quiet gap): the trimmed mean of the calls, ms. */
  isolated: Record<Build, Figure>
}

export interface AbRun {
  a: AbBuild
  b: AbBuild
  size: Record<Build, Sizes>
  loads: AbLoad[]
  /**
   * Per panel page load (each in a fresh Chromium): the median handshake at mount, ms, from the
   * widget script's first statement to `initialize()` resolved; `whole`, from `platform.js`
   * starting (its SYN is posted as it runs) to the same moment; `warm`, the median warm raw
   * `window.postMessage` round trip between the panel and a widget frame of that load, ms.
   * (`whole` and `warm` are absent from runs saved before they were measured.)
   */
  handshake: (Record<Build, number> & {
    mounts: number
    whole?: Record<Build, number>
    warm?: number
  })[]
  /**
   * First loads (cold page, cold processes): each in a Chromium started for it, the builds
   * alternating; per build, each load's ms from the widget script's first statement
   * (`script`) and from `platform.js` starting (`whole`) to `initialize()` resolved.
   */
  firstLoad?: Record<Build, { script: number[]; whole: number[] }>
  durationS: number
  /** 1-minute load average as the A/B part started and ended. */
  loadStart: number
  loadEnd: number
}

/** The A/B panel at `panel`, mounting first `first`; each build's widget frame once it is ready. */
async function open(page: Page, panel: string, first: Build): Promise<Record<Build, Frame>> {
  await page.goto(`${panel}/bench/pages/ab-host.html?first=${first}`)
  await page.waitForFunction(() => window.hostReady === true, undefined, { polling: 20 })
  const frames = {} as Record<Build, Frame>
  for (const x of BUILDS) {
    const frame = await (await page.waitForSelector(`iframe[data-app-key="ab${x}"]`)).contentFrame()
    if (!frame) throw new Error(`no frame for build ${x}`)
    await frame.waitForFunction(
      () => window.benchState?.ready === true || window.benchState?.error !== undefined,
      undefined,
      { polling: 20, timeout: 60_000 },
    )
    const error = await frame.evaluate(() => window.benchState.error)
    if (error) throw new Error(`build ${x}: ${error}`)
    frames[x] = frame
  }
  await page.waitForTimeout(CONFIG.settleMs)
  return frames
}

const APPS = BUILDS.map((x) => `ab${x}`)
const byBuild = <T>(r: Record<string, T>): Record<Build, T> => ({
  a: r.aba as T,
  b: r.abb as T,
})

/**
 * Back to back: batches of each (build, kind) pair in turn, from one loop in the page (widget.js
 * `bench.interleave`), so both builds see the same moments of the machine.
 */
async function backToBack(driver: Frame) {
  const C = CONFIG.ab
  await driver.evaluate(([apps, kinds, n]) => window.bench.interleave(apps, kinds, 1, n), [
    APPS,
    KIND_LIST,
    C.warmup,
  ] as const)
  const got = byBuild(
    await driver.evaluate(([apps, kinds, r, p]) => window.bench.interleave(apps, kinds, r, p), [
      APPS,
      KIND_LIST,
      C.rounds,
      C.perBatch,
    ] as const),
  )
  const of = (x: Build) => Object.fromEntries(KINDS.map((k) => [k, median(got[x][k])])) as Figure
  return { a: of('a'), b: of('b') }
}

/** Isolated calls: each kind in each build in turn, each after the quiet gap. */
async function isolated(driver: Frame) {
  const C = CONFIG.ab
  const got = byBuild(
    await driver.evaluate(([apps, kinds, n, gap]) => window.bench.isolatedAb(apps, kinds, n, gap), [
      APPS,
      KIND_LIST,
      C.isolated,
      CONFIG.isolated.gapMs,
    ] as const),
  )
  const of = (x: Build) =>
    Object.fromEntries(KINDS.map((k) => [k, trimmedMean(got[x][k])])) as Figure
  return { a: of('a'), b: of('b') }
}

/**
 * The handshake at mount, A and B alternating in one panel page (a fresh Chromium, no debugger
 * attached, as the handshake section): script start → `initialize()` resolved, per build.
 */
async function handshakes(panel: string) {
  const C = CONFIG.ab
  const loop = C.handshakeWarmup + C.handshakeMounts
  const runs = await inFreshChromium(
    `${panel}/bench/pages/ab-host.html?loop=${loop}`,
    (page) =>
      page.evaluate(
        () =>
          window.handshakes as unknown as Record<Build, BenchState[]> & {
            warm: { pm: number[] }
          },
      ),
    120_000,
  )
  const of = (x: Build, from: (s: BenchState) => number) =>
    median(runs[x].slice(C.handshakeWarmup).map((s) => (s.end as number) - from(s)))
  return {
    a: of('a', (s) => s.start),
    b: of('b', (s) => s.start),
    mounts: C.handshakeMounts,
    whole: { a: of('a', (s) => s.mark), b: of('b', (s) => s.mark) },
    warm: median(runs.warm.pm),
  }
}

/**
 * First loads, A and B alternating: each in a Chromium started for it with a fresh profile (an
 * empty HTTP cache, new browser, panel and widget processes), the A/B panel loading one build
 * and mounting its widget once; `CONFIG.ab.firstLoads` of each build.
 */
async function firstLoads(panel: string): Promise<NonNullable<AbRun['firstLoad']>> {
  const out = { a: { script: [], whole: [] }, b: { script: [], whole: [] } } as NonNullable<
    AbRun['firstLoad']
  >
  for (let i = 0; i < CONFIG.ab.firstLoads; i++) {
    log(`A/B: first load ${i + 1} of ${CONFIG.ab.firstLoads}, each build in a fresh Chromium`)
    for (const x of i % 2 ? (['b', 'a'] as const) : (['a', 'b'] as const)) {
      const { widget } = await inFreshChromium(
        `${panel}/bench/pages/ab-host.html?firstload=${x}`,
        (page) => page.evaluate(() => window.firstLoad),
        60_000,
      )
      const end = widget.end as number
      out[x].script.push(end - widget.scriptStart)
      out[x].whole.push(end - widget.mark)
    }
  }
  return out
}

/**
 * The A/B section: both builds in the same page loads (the hosts in one panel page, the widgets
 * in two frames of one site), interleaved batch by batch; `CONFIG.ab.loads` page loads, the
 * build that mounts first alternating.
 */
export async function measureAb(
  page: Page,
  panel: string,
  builds: { a: AbBuild; b: AbBuild },
): Promise<AbRun> {
  const started = Date.now()
  const loadStart = os.loadavg()[0] as number
  const C = CONFIG.ab
  const loads: AbLoad[] = []
  for (let i = 0; i < C.loads; i++) {
    const first: Build = i % 2 ? 'b' : 'a'
    log(`A/B: calls, page load ${i + 1} of ${C.loads}`)
    const frames = await open(page, panel, first)
    // The loop runs in the frame mounted first; its build alternates.
    const driver = frames[first]
    loads.push({ first, back: await backToBack(driver), isolated: await isolated(driver) })
  }
  const handshake: AbRun['handshake'] = []
  for (let i = 0; i < C.handshakeLoads; i++) {
    log(`A/B: handshake at mount, panel load ${i + 1} of ${C.handshakeLoads}`)
    handshake.push(await handshakes(panel))
  }
  const firstLoad = await firstLoads(panel)
  return {
    ...builds,
    size: {
      a: sizesOf('bench/ab/a/dist/platform.js'),
      b: sizesOf('bench/ab/b/dist/platform.js'),
    },
    loads,
    handshake,
    firstLoad,
    durationS: Math.round((Date.now() - started) / 1000),
    loadStart,
    loadEnd: os.loadavg()[0] as number,
  }
}
