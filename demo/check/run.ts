// `check`'s run: each widget of the config, loaded where it is registered, in each engine asked
// for that can run here; the findings of every load put together, one report per widget.
import type { AppConfig } from '../shared/config-types.js'
import type { CheckBrowser, Engine } from './browser.js'
import {
  askedScopes,
  checksFor,
  namedScopes,
  unaskedScopes,
  unregisteredScopes,
  notChecked as unseenBy,
} from './checks/index.js'
import type { Finding, Target } from './finding.js'
import { launch } from './launch.js'
import type { Observation } from './observation.js'
import { type ObserveOptions, observe } from './observe.js'
import { installProbe, PROBE_PARTS, watch } from './probe.js'
import type { Report, WidgetReport } from './report.js'
import { targetsOf } from './targets.js'
import { inWords } from './words.js'

export interface RunOptions {
  apps: AppConfig[]
  /** The panel's origin. */
  panel: string
  /** The production panel's origins (the config's `productionPanelOrigins`), for the fixes. */
  panelOrigins?: string[]
  engines: Engine[]
  env: Record<string, string | undefined>
  axeSource?: string
}

async function pool<T, R>(items: T[], atOnce: number, run: (item: T) => Promise<R>) {
  const out: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await run(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker))
  return out
}

/**
 * The init script: the height watch in every frame, then the probe. Each function is sent as
 * its source, so none names anything outside itself; `__name` for code a bundler gave named
 * functions.
 */
const NAME_SHIM = 'const __name = (f) => f;'
const watchScript = () =>
  `(() => { ${NAME_SHIM} window.__platformCheckWatch = (${watch.toString()}) })()`
/** The probe's parts (`ProbeParts`), each as its source. */
const partsSource = () => {
  const parts = Object.entries(PROBE_PARTS).map(([name, fn]) => `${name}: ${fn.toString()}`)
  return `{ words: ${inWords.toString()}, ${parts.join(', ')} }`
}
const probeScript = (panel: string) =>
  `(() => { ${NAME_SHIM} window.__platformCheckWatch = (${watch.toString()}); (${installProbe.toString()})(${JSON.stringify({ panel })}, ${partsSource()}) })()`

/** Every load of every widget in one browser (at most `atOnce` at a time: most is waiting). */
async function observeAll(browser: CheckBrowser, options: RunOptions) {
  const observeOptions: ObserveOptions = {
    platform: options.panel,
    panelOrigins: options.panelOrigins ?? [],
    init: probeScript(options.panel),
    watchSource: watchScript(),
    ...(options.axeSource ? { axeSource: options.axeSource } : {}),
  }
  const loads = options.apps.flatMap((app) =>
    targetsOf(app, options.panel).map((target): [Target, AppConfig] => [target, app]),
  )
  return pool(loads, browser.atOnce, ([target, app]) =>
    observe(browser, target, app, observeOptions),
  )
}

/**
 * One finding per check and title, with every place it was seen: the place alone when every
 * engine that loaded it saw it, else the place and the engines that did (a layout finding only
 * in WebKit reads `doctor-panel in webkit`). Titles that differ only in their numbers (a height,
 * a width, as each engine measured it) are one finding, told with the first one's numbers.
 */
function merge(found: { finding: Finding; label: string; engine: string }[], loads: Observation[]) {
  const byKey = new Map<string, { finding: Finding; at: Map<string, Set<string>> }>()
  for (const { finding, label, engine } of found) {
    const key = `${finding.check}\n${finding.title.replace(/\d+/g, '#')}`
    const had = byKey.get(key) ?? { finding: { ...finding }, at: new Map() }
    byKey.set(key, had)
    if (!label) continue
    const engines = had.at.get(label) ?? new Set()
    had.at.set(label, engines.add(engine))
  }
  return [...byKey.values()].map(({ finding, at }) => {
    if (at.size === 0) return finding
    const where = [...at].map(([label, engines]) => {
      const loaded = new Set(loads.filter((o) => o.target.label === label).map((o) => o.engine))
      return engines.size === loaded.size ? label : `${label} in ${[...engines].join(', ')}`
    })
    return { ...finding, where }
  })
}

/** The findings of one widget's loads, in one engine or several. */
export function findingsOf(app: AppConfig, loads: Observation[]): Finding[] {
  const found = loads.flatMap((o) =>
    checksFor(o.blind, o.target.topLevel)
      .flatMap((check) => check(o))
      .map((finding) => ({ finding, label: o.target.label, engine: o.engine })),
  )
  // Scopes enabled but never asked: over every load that saw the calls from the start.
  const read = loads.filter((o) => o.probe && !o.blind?.includes('calls'))
  if (read.length) {
    const calls = read.flatMap((o) => o.probe!.calls)
    const asked = askedScopes(
      calls.filter((c) => c.method === 'getSessionToken').map((c) => c.args),
    )
    const named = (scope: string) => read.some((o) => o.sources.some((t) => t.includes(scope)))
    const enabled = app.scopes as string[]
    const inScripts = namedScopes(read.flatMap((o) => o.sources))
    for (const finding of [
      ...unaskedScopes(enabled, [...asked, ...enabled.filter(named)]),
      ...unregisteredScopes(enabled, inScripts, asked),
    ]) {
      found.push({ finding, label: '', engine: '' })
    }
  }
  return merge(found, loads)
}

/** Runs every load in every engine that can run here, and makes the report. */
export async function runChecks(options: RunOptions): Promise<Report> {
  const notChecked: { engine: string; what: string[] }[] = []
  const report: Report = { engines: { ran: [], skipped: [], notChecked }, widgets: [] }
  const loads: Observation[] = []
  for (const engine of options.engines) {
    const launched = await launch(engine, options.env)
    if ('skipped' in launched) {
      report.engines.skipped.push({ engine, why: launched.skipped })
      continue
    }
    try {
      loads.push(...(await observeAll(launched.browser, options)))
      report.engines.ran.push(engine)
      const unseen = unseenBy(launched.browser.blind)
      if (unseen.length) notChecked.push({ engine, what: unseen })
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
      findings: ran ? findingsOf(app, own) : [],
    }
    report.widgets.push(widget)
  }
  return report
}
