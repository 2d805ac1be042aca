// `check`'s run: each widget of the config, loaded where it is registered, in each engine asked
// for that can run here; the findings of every load put together, one report per widget.
import type { Browser } from '@playwright/test'
import type { AppConfig } from '../shared/config-types.js'
import { type Engine, launch } from './browser.js'
import { askedScopes, CHECKS, unaskedScopes } from './checks/index.js'
import type { Finding, Target } from './finding.js'
import type { Observation } from './observation.js'
import { type ObserveOptions, observe } from './observe.js'
import { installProbe, watch } from './probe.js'
import type { Report, WidgetReport } from './report.js'
import { targetsOf } from './targets.js'

export interface RunOptions {
  apps: AppConfig[]
  /** The panel's origin. */
  panel: string
  engines: Engine[]
  env: Record<string, string | undefined>
  axeSource?: string
}

/** Loads at most this many pages at once: most of a load is waiting for the height to settle. */
const AT_ONCE = 3

async function pool<T, R>(items: T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await run(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, items.length) }, worker))
  return out
}

/**
 * The init script: the height watch in every frame, then the probe. Each function is sent as
 * its source, so neither names anything outside itself; `__name` for code a bundler gave named
 * functions.
 */
const probeScript = (panel: string) =>
  `(() => { const __name = (f) => f; window.__platformCheckWatch = (${watch.toString()}); (${installProbe.toString()})(${JSON.stringify({ panel })}) })()`

/** Every load of every widget in one browser. */
async function observeAll(browser: Browser, engine: Engine, options: RunOptions) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.addInitScript({ content: probeScript(options.panel) })
  const observeOptions: ObserveOptions = {
    platform: options.panel,
    engine,
    ...(options.axeSource ? { axeSource: options.axeSource } : {}),
  }
  const loads = options.apps.flatMap((app) =>
    targetsOf(app, options.panel).map((target): [Target, AppConfig] => [target, app]),
  )
  try {
    return await pool(loads, ([target, app]) => observe(context, target, app, observeOptions))
  } finally {
    await context.close()
  }
}

/** One finding per check and title, with every place it was seen. */
function merge(findings: Finding[]): Finding[] {
  const byKey = new Map<string, Finding>()
  for (const f of findings) {
    const key = `${f.check}\n${f.title}`
    const had = byKey.get(key)
    if (had) had.where = [...new Set([...(had.where ?? []), ...(f.where ?? [])])]
    else byKey.set(key, { ...f })
  }
  return [...byKey.values()]
}

/** The findings of one widget's loads. */
export function findingsOf(app: AppConfig, loads: Observation[], engines: number): Finding[] {
  const found = loads.flatMap((o): Finding[] => {
    const where = engines > 1 ? `${o.target.label} in ${o.engine}` : o.target.label
    return CHECKS.flatMap((check) => check(o)).map((f) => ({ ...f, where: [where] }))
  })
  const read = loads.filter((o) => o.probe)
  if (read.length) {
    const calls = read.flatMap((o) => o.probe!.calls)
    const asked = askedScopes(
      calls.filter((c) => c.method === 'getSessionToken').map((c) => c.args),
    )
    const named = (scope: string) => loads.some((o) => o.sources.some((t) => t.includes(scope)))
    found.push(...unaskedScopes(app.scopes, [...asked, ...app.scopes.filter(named)]))
  }
  return merge(found)
}

/** Runs every load in every engine that can run here, and makes the report. */
export async function runChecks(options: RunOptions): Promise<Report> {
  const report: Report = { engines: { ran: [], skipped: [] }, widgets: [] }
  const loads: Observation[] = []
  for (const engine of options.engines) {
    const launched = await launch(engine, options.env)
    if ('skipped' in launched) {
      report.engines.skipped.push({ engine, why: launched.skipped })
      continue
    }
    try {
      loads.push(...(await observeAll(launched.browser, engine, options)))
      report.engines.ran.push(engine)
    } finally {
      await launched.browser.close()
    }
  }
  const ran = report.engines.ran.length
  for (const app of options.apps) {
    const own = loads.filter((o) => o.app.app_key === app.app_key)
    const widget: WidgetReport = {
      app_key: app.app_key,
      url: app.url,
      loaded: [...new Set(own.map((o) => o.target.label))],
      findings: ran ? findingsOf(app, own, ran) : [],
    }
    report.widgets.push(widget)
  }
  return report
}
