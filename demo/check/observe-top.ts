// One load of a widget's top-level page: the page alone in a tab, as the doctor's browser opens
// it from a link, with the probe from its first script (where the engine can). What a frame in
// the panel has (its height, the panel's layout) is not read; the rest is as for a frame.
import type { CheckBrowser, CheckPage } from './browser.js'
import type { Target } from './finding.js'
import { httpFacts } from './http-facts.js'
import type { Observation } from './observation.js'
import type { ObserveOptions } from './observe-options.js'
import { lateProbe, type ProbeRecord, pageSources } from './probe-late.js'

/** The most a top-level page is watched until it stops calling the SDK and navigating. */
const SETTLE_MS = 10_000

export async function observeTopLevel(
  browser: CheckBrowser,
  target: Target,
  app: Observation['app'],
  options: ObserveOptions,
): Promise<Observation> {
  const widgetOrigin = new URL(app.url).origin
  const page = await browser.newPage({ init: options.init, widgetOrigin, topLevel: true })
  try {
    const http = httpFacts(target.widgetUrl)
    // A page that does not answer is told by its HTTP facts (page.unreachable).
    const loaded = await page.goto(target.widgetUrl).then(
      () => true,
      () => false,
    )
    if (loaded) await settle(page)
    const late = browser.blind.includes('calls')
    const probe = loaded
      ? await page
          .evaluate('top', late ? lateProbe : () => window.__platformCheck, undefined)
          .catch((): ProbeRecord | undefined => undefined)
          .then((record) => record ?? page.left)
      : undefined
    const observation: Observation = {
      target,
      app,
      platform: options.platform,
      panelOrigins: options.panelOrigins,
      http: await http,
      framed: false,
      frameUrl: await page.evaluate('top', () => location.href, undefined).catch(() => ''),
      ...(probe ? { probe } : {}),
      height: { settled: true, heights: [] },
      fullHeight: false,
      fixedOutside: [],
      rtl: { rtlText: false, dir: '', direction: 'ltr' },
      ...page.seen,
      engine: browser.engine,
      blind: browser.blind,
    }
    if (probe && !observation.sources.length) {
      observation.sources.push(...(await pageSources(page, 'top')))
    }
    return observation
  } finally {
    await page.close()
  }
}

/**
 * Waits until the page has loaded, no SDK call is pending, and its URL stayed the same over two
 * reads: a start page that asks for a token and then moves on (`location.replace`) has moved.
 */
async function settle(page: CheckPage) {
  const end = Date.now() + SETTLE_MS
  let last = ''
  while (Date.now() < end) {
    const at = await page
      .evaluate(
        'top',
        () => {
          const pending = Object.values(window.__platformCheck?.pending ?? {})
          const done = document.readyState === 'complete' && !pending.some((n) => n > 0)
          return done ? location.href : ''
        },
        undefined,
      )
      .catch(() => '')
    if (at && at === last) return
    last = at
    await new Promise((resolve) => setTimeout(resolve, 100)) // polling a state, not a test wait
  }
}
