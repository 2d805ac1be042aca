// A hand-made observation of one clean load, for the checks' tests: each test changes the one
// fact it is about.
import type { Observation } from './observation.js'
import type { ProbeRecord } from './probe.js'

export const PANEL = 'http://127.0.0.1:4400'
export const URL_ = 'http://localhost:4405/'

/** What the probe records of a widget that loads platform.js well and initializes as "w". */
export function probe(over: Partial<ProbeRecord> = {}): ProbeRecord {
  return {
    script: { src: `${PANEL}/dist/platform.js`, inHead: true, before: [] },
    readEarly: false,
    calls: [{ method: 'initialize', args: [{ app_key: 'w' }], afterInitialize: false }],
    rejected: [],
    unhandled: [],
    errors: [],
    console: [],
    tokens: [],
    pending: {},
    ...over,
  }
}

/** A load of widget "w" in the doctor panel, in Chromium, with nothing wrong. */
export function observation(over: Partial<Observation> = {}): Observation {
  return {
    target: {
      app_key: 'w',
      label: 'doctor-panel',
      panelUrl: `${PANEL}/panel/apps/w`,
      widgetUrl: URL_,
      context: 'doctor-panel',
    },
    app: { app_key: 'w', scopes: [], contexts: ['doctor-panel'], url: URL_ },
    platform: PANEL,
    panelOrigins: [],
    http: { url: URL_, status: 200, redirects: [], csp: [] },
    framed: true,
    frameUrl: URL_,
    probe: probe(),
    height: { settled: true, heights: ['300px'] },
    fullHeight: false,
    fixedOutside: [],
    rtl: { rtlText: false, dir: '', direction: 'ltr' },
    phone: { scrollWidth: 360, clientWidth: 360 },
    requests: [URL_],
    console: [],
    sources: [],
    pageErrors: [],
    failed: [],
    axe: [],
    engine: 'chromium',
    ...over,
  }
}
