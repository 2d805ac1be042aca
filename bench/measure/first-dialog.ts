// The first dialog, A/B: in each page load (a fresh browser context: an empty HTTP cache), each
// build's host mounts a widget that asks for consent as soon as it has initialized, one build
// after the other (bench/pages/first-dialog.js), the build going first alternating from load to
// load. B − A is taken within each load; one frame at 60 Hz is 16.7 ms. Each build's host is
// first bundled as a panel's Vite build would bundle it (`panelBundle`: minified, its lazy
// chunks split), since that, not the package's files one by one, is what a panel ships.
import path from 'node:path'
import type { Browser } from '@playwright/test'
import { build } from 'vite'
import { log } from '../config.ts'
import { median } from './bench-panel.ts'

type Build = 'a' | 'b'
interface Times {
  /** From `mount()` to the dialog shown, ms. */
  fromMount: number
  /** From the widget's call to the dialog shown, ms. */
  fromCall: number
}
export interface FirstDialogRun {
  loads: (Record<Build, Times> & { first: Build })[]
}

export const FRAME_MS = 1000 / 60

/** Bundles `createHost` of the build in `dir`/dist into `dir`/panel/dist/host.js, as a panel would. */
export async function panelBundle(dir: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'error',
    build: {
      outDir: path.join(dir, 'panel/dist'),
      emptyOutDir: true,
      minify: true,
      lib: { entry: path.join(dir, 'dist/host.js'), formats: ['es'], fileName: () => 'host.js' },
    },
  })
}

export async function measureFirstDialog(
  browser: Browser,
  panel: string,
  loads: number,
): Promise<FirstDialogRun> {
  const run: FirstDialogRun = { loads: [] }
  for (let i = 0; i < loads; i++) {
    const first: Build = i % 2 ? 'b' : 'a'
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    try {
      const page = await context.newPage()
      page.on('pageerror', (error) => log(`page error: ${error.message}`))
      await page.goto(`${panel}/bench/pages/first-dialog.html?first=${first}`)
      await page.waitForFunction(() => document.title === 'done', undefined, {
        polling: 50,
        timeout: 60_000,
      })
      const times = (await page.evaluate(
        () => (window as unknown as { firstDialog: unknown }).firstDialog,
      )) as Record<Build, Times>
      run.loads.push({ ...times, first })
      log(
        `first dialog ${i + 1}/${loads} (${first} first): from mount A ${times.a.fromMount.toFixed(1)} B ${times.b.fromMount.toFixed(1)} ms; from the call A ${times.a.fromCall.toFixed(1)} B ${times.b.fromCall.toFixed(1)} ms`,
      )
    } finally {
      await context.close()
    }
  }
  return run
}

/**
 * The run as a Markdown table: each figure's medians, and B − A. Whichever build goes first in a
 * page load is slower by far more than a frame (150–250 ms here), so the loads' B − A are two
 * clusters, one per order, and a median across them lands anywhere between the clusters. The
 * verdict takes B − A within each order (its median), then the mean of the two orders, in which
 * the order's cost cancels: the design alternates the order for that.
 */
export function renderFirstDialog(run: FirstDialogRun): string {
  const rows = (['fromMount', 'fromCall'] as const).map((key) => {
    const a = median(run.loads.map((l) => l.a[key]))
    const b = median(run.loads.map((l) => l.b[key]))
    const diffs = run.loads.map((l) => l.b[key] - l.a[key])
    const by = (first: Build) =>
      median(run.loads.filter((l) => l.first === first).map((l) => l.b[key] - l.a[key]))
    const d = (by('a') + by('b')) / 2
    const what =
      key === 'fromMount' ? '`mount()` → first dialog shown' : 'widget’s call → first dialog shown'
    const verdict = d <= FRAME_MS ? 'within one frame of A' : '**more than one frame later than A**'
    return `| ${what} | ${a.toFixed(1)} ms | ${b.toFixed(1)} ms | ${d.toFixed(1)} ms | ${by('a').toFixed(1)} / ${by('b').toFixed(1)} ms | ${Math.min(...diffs).toFixed(1)} – ${Math.max(...diffs).toFixed(1)} ms | ${verdict} |`
  })
  return [
    `The first dialog, ${run.loads.length} page loads (each a fresh context; the build going first alternating):`,
    '',
    '| figure | A (median) | B (median) | B − A (mean of the two orders) | B − A, A first / B first (medians) | B − A spread | verdict |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n')
}
