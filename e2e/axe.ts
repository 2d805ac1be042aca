// axe-core through @axe-core/playwright, as its AxeBuilder scans a page: axe injected into the
// page and every frame, `axe.runPartial` in each, then `axe.finishRun` over their results in a
// blank page. Two of AxeBuilder's steps are replaced (private methods, on the instance; the
// version is pinned), what is scanned, in which frames, with which rules, stays its own:
// - its blank page: it opens one, and injects axe's 580 kB into it, on every scan (measured at
//   load 18 here, 1.8–3.6 s of a 6.7–10.8 s scan). Each worker keeps one for all its scans.
// - its injection into a child frame, raced against 1 s: past that it drops the frame from the
//   scan without a word, and an injection took 0.9–1.9 s at load 18 (seen: a widget frame's
//   unlabelled input reported by one scan and not by the next). Here it is not raced; the test's
//   timeout bounds it.
import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import type { Frame, Page } from '@playwright/test'
import type { AxeResults, RunOptions } from 'axe-core'
import { test as demoTest } from './own-demo'

/** The axe-core that AxeBuilder injects (its own dependency), read from where it finds it. */
const axeSource: string = createRequire(import.meta.resolve('@axe-core/playwright'))(
  'axe-core',
).source
/** What AxeBuilder configures in each frame and in its blank page. */
const AXE_CONFIGURE =
  ";axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } })"

/** `test` of `own-demo.ts` with `scan`: AxeBuilder's analysis, finished in the worker's page. */
export const test = demoTest.extend<
  { scan: (page: Page, options?: { tags?: string[]; include?: string }) => Promise<AxeResults> },
  { axeFinisher: Page }
>({
  axeFinisher: [
    async ({ browser }, use) => {
      const context = await browser.newContext()
      const blank = await context.newPage()
      await blank.evaluate(axeSource)
      await blank.evaluate(AXE_CONFIGURE)
      await use(blank)
      await context.close()
    },
    // Its own budget, not the first scanning test's: that test also waits for the worker's
    // browser and demo, and reached the 45 s timeout at load 19 with this setup inside it.
    { scope: 'worker', timeout: 60_000 },
  ],
  scan: async ({ axeFinisher }, use) => {
    await use(async (page, { tags, include } = {}) => {
      const builder = new AxeBuilder({ page })
      if (tags) builder.withTags(tags)
      if (include) builder.include(include)
      const inner = builder as unknown as {
        option: RunOptions
        inject?: (frames: Frame[], shouldThrow?: boolean) => Promise<void>
        finishRun?: (partials: unknown[]) => Promise<AxeResults>
      }
      if (typeof inner.inject !== 'function' || typeof inner.finishRun !== 'function') {
        throw new Error('@axe-core/playwright no longer has inject and finishRun: see e2e/axe.ts')
      }
      inner.inject = async (frames) => {
        for (const frame of frames) {
          await frame.evaluate(axeSource)
          await frame.evaluate(AXE_CONFIGURE)
        }
      }
      inner.finishRun = (partials) =>
        axeFinisher.evaluate(
          ([json, options]) =>
            (window as unknown as { axe: typeof import('axe-core') }).axe.finishRun(
              JSON.parse(json),
              options,
            ),
          [JSON.stringify(partials), inner.option] as const,
        )
      return builder.analyze()
    })
  },
})
export { expect } from './own-demo'
