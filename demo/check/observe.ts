// One load of a widget in the real panel, in a browser page: everything the checks read. The
// panel is shown in Persian (what a doctor sees first) on a desktop screen, then made
// phone-sized for the width check.
import type { BrowserContext, Frame, Page } from '@playwright/test'
import type { AppConfig } from '../shared/config-types.js'
import type { Target } from './finding.js'
import { axeScan, fixedControls, phoneWidth, textDirection, watchHeight } from './frame-facts.js'
import { httpFacts } from './http-facts.js'
import type { Observation } from './observation.js'
import type { ProbeRecord } from './probe.js'

export interface ObserveOptions {
  /** The panel's origin. */
  platform: string
  /** axe-core's source; without it no scan. */
  axeSource?: string
  engine: string
}

type Line = Observation['console'][number]

/** Loads `target` in a new page of `context` and reads every fact about it. */
export async function observe(
  context: BrowserContext,
  target: Target,
  app: Observation['app'],
  options: ObserveOptions,
): Promise<Observation> {
  const page = await context.newPage()
  const seen = listen(page, new URL(app.url).origin)
  try {
    const http = httpFacts(target.widgetUrl)
    const frame = await openFrame(page, target)
    const observation: Observation = {
      target,
      app,
      platform: options.platform,
      http: await http,
      framed: frame !== undefined,
      frameUrl: frame?.url() ?? '',
      height: { settled: true, heights: [] },
      fullHeight: false,
      fixedOutside: [],
      rtl: { rtlText: false, dir: '', direction: 'ltr' },
      requests: seen.requests,
      console: seen.console,
      sources: seen.sources,
      pageErrors: seen.pageErrors,
      engine: options.engine,
    }
    if (frame) await readFrame(page, frame, observation, options)
    const hint = page.locator('.not-up-hint').first()
    if (await hint.count()) observation.notUp = (await hint.textContent()) ?? undefined
    return observation
  } finally {
    await page.close()
  }
}

/** The requests and console lines of the widget's frames (anything not the panel's own page). */
function listen(page: Page, widgetOrigin: string) {
  const requests: string[] = []
  const console: Line[] = []
  const pageErrors: Observation['pageErrors'] = []
  const sources: string[] = []
  page.on('response', async (response) => {
    try {
      const kind = response.request().resourceType()
      const own = new URL(response.url()).origin === widgetOrigin
      if (!own || (kind !== 'script' && kind !== 'document')) return
      if (response.frame() === page.mainFrame()) return
      sources.push((await response.text()).slice(0, 2 * 1024 * 1024))
    } catch {
      // A redirect or a body gone with its page: nothing to read.
    }
  })
  page.on('pageerror', (error) => {
    pageErrors.push({ message: error.message, stack: error.stack ?? '' })
  })
  // The widget's frames only (the booking flow and the profile show other widgets beside it):
  // each frame once at the widget's origin, wherever it goes next (a redirect to sign-in).
  const widgetFrames = new WeakSet<Frame>()
  const ours = (frame: Frame, url: string) => {
    if (frame === page.mainFrame()) return false
    try {
      // A frame's first request leaves from about:blank: the URL it asks for then says whose.
      const at = /^https?:/.test(frame.url()) ? frame.url() : url
      if (new URL(at).origin === widgetOrigin) widgetFrames.add(frame)
    } catch {}
    return widgetFrames.has(frame)
  }
  page.on('request', (request) => {
    try {
      if (ours(request.frame(), request.url())) requests.push(request.url())
    } catch {
      // A service worker's request has no frame.
    }
  })
  page.on('framenavigated', (frame) => {
    if (ours(frame, frame.url())) requests.push(frame.url())
  })
  page.on('console', (message) => {
    const type = message.type()
    if (type !== 'error' && type !== 'warning') return
    let origin = ''
    try {
      origin = new URL(message.location().url).origin
    } catch {}
    if (origin === widgetOrigin) console.push({ level: type, text: message.text() })
  })
  return { requests, console, pageErrors, sources }
}

/** Opens the panel at the target and finds the widget's frame; undefined when there is none. */
async function openFrame(page: Page, target: Target): Promise<Frame | undefined> {
  await page.goto(target.panelUrl)
  await page.locator('body[data-ready="true"]').waitFor({ state: 'attached', timeout: 15_000 })
  const iframe = page.locator(`iframe[data-app-key="${target.app_key}"]`)
  try {
    await iframe.waitFor({ state: 'attached', timeout: 5_000 })
  } catch {
    return undefined
  }
  const frame = (await (await iframe.elementHandle())?.contentFrame()) ?? undefined
  if (!frame) return undefined
  await frame.waitForLoadState('load', { timeout: 10_000 }).catch(() => {})
  // Up: initialize answered (the handshake done, the frame shown). A page that will not come
  // up is not waited for: one the probe cannot read (the browser's error page) or one loaded
  // without the SDK.
  await frame
    .waitForFunction(
      () => {
        const probe = window.__platformCheck
        if (!probe?.script) return document.readyState === 'complete'
        return probe.calls.some((c) => c.method === 'initialize') && !probe.pending.initialize
      },
      undefined,
      { timeout: 12_000 },
    )
    .catch(() => {})
  return frame
}

/** The facts read inside the frame; a frame that cannot be read (an error page) leaves them unset. */
async function readFrame(page: Page, frame: Frame, o: Observation, options: ObserveOptions) {
  // Without the SDK the host never shows the frame: no height to watch.
  const sdk = await frame.evaluate(() => !!window.__platformCheck?.script).catch(() => false)
  if (sdk) o.height = await watchHeight(page, frame, o.target.app_key)
  // initialize's answer (its handshake can take its whole 5 s), then one more task: the browser
  // reports a rejection left unhandled in a task of its own.
  await frame
    .waitForFunction(() => !(window.__platformCheck?.pending.initialize ?? 0), undefined, {
      timeout: 10_000,
    })
    .catch(() => {})
  o.probe = await frame
    .evaluate(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0))
      return window.__platformCheck
    })
    .catch((): ProbeRecord | undefined => undefined)
  o.frameUrl = frame.url()
  if (!o.probe) return
  Object.assign(o, await fixedControls(page, frame, o.target.app_key))
  o.rtl = await textDirection(frame)
  if (options.axeSource) o.axe = await axeScan(frame, options.axeSource).catch(() => undefined)
  o.phone = await phoneWidth(page, frame).catch(() => undefined)
}

export type { AppConfig }
