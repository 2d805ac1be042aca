import { createHostRelaxed, type RelaxedDefences } from '../host/host.js'
import { createHost, type FlowKey, type Host, type HostOptions } from '../host/index.js'
import { memoryTabStore, type TabStore } from '../host-kit/tab-limits.js'

/** The panel origin of the test kit's host, unless a test gives one. */
export const TEST_PANEL_ORIGIN = 'https://panel.test'

/** What a widget made the panel do, as the kit's host recorded it. */
export interface TestPanelRecords {
  /** Panel URLs the widget redirected to. */
  readonly redirects: { url: string; newContext: boolean }[]
  /** Outside pages the widget opened with `openLink`. */
  readonly links: string[]
  /** Flows the widget dispatched. */
  readonly flows: { flowKey: FlowKey; options?: Record<string, unknown> }[]
}

export interface TestPanel extends TestPanelRecords {
  readonly host: Host
}

/**
 * The host of the test kit, with no widget bound yet: `createTestHost` builds on it, and so does
 * the repository's own unit rig (test/support/rig.ts), which binds widgets itself. Not exported
 * from the package entry.
 *
 * The host records redirects, new-context windows, links and flows, unless `host` brings a hook
 * of its own (`navigate`, `openWindow`, `openTab`, `onFlow`; `undefined` for the host's default),
 * which replaces the recorder. The defences are relaxed for scripted tests: `intentDelay` 0
 * unless `host` sets one, and `limits` as `host` sets them; with `production`, `host` goes to the
 * production `createHost` as it is, which reads neither. Each panel is a tab of its own: the
 * limits that outlive a panel page (cool-down, dismissals, profile purges) are kept in `tabs`,
 * a store in memory unless a test gives one (the same store to two panels stands for a reload);
 * the production host keeps them in the panel origin's `localStorage` (all its tabs) and the
 * tab's `sessionStorage`.
 */
export function createTestPanel(options: {
  host: HostOptions & RelaxedDefences
  production?: boolean
  tabs?: TabStore
}): TestPanel {
  const redirects: TestPanel['redirects'] = []
  const links: string[] = []
  const flows: TestPanel['flows'] = []
  const recorders: Partial<HostOptions> = {
    panelOrigin: TEST_PANEL_ORIGIN,
    navigate: (url) => {
      redirects.push({ url, newContext: false })
    },
    openWindow: (url) => {
      redirects.push({ url, newContext: true })
    },
    onFlow: (flowKey, flowOptions) => {
      flows.push(flowOptions === undefined ? { flowKey } : { flowKey, options: flowOptions })
    },
    openTab: (url) => {
      links.push(url)
      return true
    },
  }
  if (options.production) {
    // As a production panel builds it: an `intentDelay` or `limits` in `host` is not read.
    return { host: createHost({ ...recorders, ...options.host }), redirects, links, flows }
  }
  const { intentDelay = 0, limits, testOutcomes, ...hostOptions } = options.host
  // The kit answers dialogs by script, so the intent delay is off unless a test sets it.
  const relaxed: RelaxedDefences = limits ? { intentDelay, limits } : { intentDelay }
  if (testOutcomes) relaxed.testOutcomes = testOutcomes
  const host = createHostRelaxed(
    { ...recorders, ...hostOptions },
    relaxed,
    options.tabs ?? memoryTabStore(),
  )
  return { host, redirects, links, flows }
}
