// One load of a widget in the real panel, in a page of one engine (browser.ts): everything the
// checks read. The panel is shown in Persian (what a doctor sees first) on a desktop screen, then
// made phone-sized for the width check. Where the engine runs no script before the page's own
// (WebKit), the probe is read after load instead (lateProbe): what the page's DOM still says.
import type { AppConfig } from '../shared/config-types.js'
import type { CheckBrowser, CheckPage } from './browser.js'
import type { Target } from './finding.js'
import {
  axeScan,
  fixedControls,
  frameSelector,
  phoneWidth,
  textDirection,
  waitFor,
  watchHeight,
} from './frame-facts.js'
import { httpFacts } from './http-facts.js'
import type { Observation } from './observation.js'
import type { ObserveOptions } from './observe-options.js'
import { observeTopLevel } from './observe-top.js'
import { lateProbe, type ProbeRecord, pageSources } from './probe-late.js'

export type { ObserveOptions } from './observe-options.js'

/** Loads `target` in a new page of `browser` and reads every fact about it. */
export async function observe(
  browser: CheckBrowser,
  target: Target,
  app: Observation['app'],
  options: ObserveOptions,
): Promise<Observation> {
  if (target.topLevel) return observeTopLevel(browser, target, app, options)
  const page = await browser.newPage({ init: options.init, widgetOrigin: new URL(app.url).origin })
  try {
    const http = httpFacts(target.widgetUrl)
    const framed = await openFrame(page, target)
    const observation: Observation = {
      target,
      app,
      platform: options.platform,
      panelOrigins: options.panelOrigins,
      http: await http,
      framed,
      frameUrl: framed ? await page.frameUrl(frameSelector(target.app_key)) : '',
      height: { settled: true, heights: [] },
      fullHeight: false,
      fixedOutside: [],
      rtl: { rtlText: false, dir: '', direction: 'ltr' },
      ...page.seen,
      engine: browser.engine,
      blind: browser.blind,
    }
    if (framed) await readFrame(page, observation, options)
    const hint = await page
      .evaluate('top', () => document.querySelector('.not-up-hint')?.textContent ?? '', undefined)
      .catch(() => '')
    if (hint) observation.notUp = hint
    return observation
  } finally {
    await page.close()
  }
}

/** Opens the panel at the target and waits for the widget's frame: whether there is one. */
async function openFrame(page: CheckPage, target: Target): Promise<boolean> {
  await page.goto(target.panelUrl)
  const ready = () => !!document.querySelector('body[data-ready="true"]')
  if (!(await waitFor(page, 'top', ready, undefined, 15_000))) {
    throw new Error(`the panel at ${target.panelUrl} did not get ready`)
  }
  const selector = frameSelector(target.app_key)
  const there = (s: string) => !!document.querySelector(s)
  if (!(await waitFor(page, 'top', there, selector, 5_000))) return false
  const loaded = () => location.href !== 'about:blank' && document.readyState === 'complete'
  await waitFor(page, selector, loaded, undefined, 10_000)
  // Up: initialize answered (the handshake done, the frame shown). A page that will not come
  // up is not waited for: one the probe cannot read (the browser's error page), one loaded
  // without the SDK, or any page where no probe runs (read after load).
  const up = () => {
    const probe = window.__platformCheck
    if (!probe?.script) return document.readyState === 'complete'
    return probe.calls.some((c) => c.method === 'initialize') && !probe.pending.initialize
  }
  await waitFor(page, selector, up, undefined, 12_000)
  return true
}

/** The facts read inside the frame; a frame that cannot be read (an error page) leaves them unset. */
async function readFrame(page: CheckPage, o: Observation, options: ObserveOptions) {
  const key = o.target.app_key
  const selector = frameSelector(key)
  const late = o.blind?.includes('calls') ?? false
  if (late) {
    o.probe = await page.evaluate(selector, lateProbe, undefined).catch(() => undefined)
    await page.run('top', options.watchSource)
    await page.run(selector, options.watchSource).catch(() => {})
  }
  // Without the SDK the host never shows the frame: no height to watch.
  const sdk = late
    ? !!(o.probe?.script || o.probe?.late?.sdk)
    : await page
        .evaluate(selector, () => !!window.__platformCheck?.script, undefined)
        .catch(() => false)
  if (sdk) o.height = await watchHeight(page, key)
  if (!late) o.probe = await settledProbe(page, selector)
  o.frameUrl = await page.frameUrl(selector)
  if (!o.probe) return
  if (!o.sources.length) o.sources.push(...(await pageSources(page, selector)))
  Object.assign(o, await fixedControls(page, key))
  o.rtl = await textDirection(page, key)
  if (options.axeSource) o.axe = await axeScan(page, key, options.axeSource).catch(() => undefined)
  const phone = await phoneWidth(page, key).catch((error: Error) => ({
    unmeasured: `Reading the frame at 360 px failed: ${error.message.split('\n')[0]}`,
  }))
  if ('unmeasured' in phone) o.phoneUnmeasured = phone.unmeasured
  else o.phone = phone
}

/**
 * The probe's record once initialize answered (its handshake can take its whole 5 s), and one
 * more task: the browser reports a rejection left unhandled in a task of its own.
 */
async function settledProbe(page: CheckPage, selector: string) {
  const answered = () => !(window.__platformCheck?.pending.initialize ?? 0)
  await waitFor(page, selector, answered, undefined, 10_000)
  return page
    .evaluate(
      selector,
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 0))
        return window.__platformCheck
      },
      undefined,
    )
    .catch((): ProbeRecord | undefined => undefined)
}

export type { AppConfig }
