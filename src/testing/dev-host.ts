import { createHostRelaxed, type RelaxedDefences } from '../host/host.js'
import type { Host, HostOptions } from '../host/index.js'

/** The defences a development panel or a test may relax (see {@link createDevHost}). */
export type DevHostOptions = RelaxedDefences

/**
 * A host for development and tests that may relax the defences a production panel keeps:
 * `intentDelay` (the confirm button's delay, default 500 ms) and `limits` (the per-widget flood
 * limits and cool-down); and offer `testOutcomes` in its payment dialogs (succeed, declined,
 * insufficient funds, the platform failing, a timeout), each paid through
 * `testOutcomes.withOutcome(chosen)`. `createHost` from `platform-widget-sdk/host` has none of these options. The
 * host says so on the console once, so a page running it cannot pass for a production panel.
 *
 * @example
 * const host = createDevHost({ context: 'doctor-panel', widgets, backend, intentDelay: 0 })
 */
export function createDevHost(options: HostOptions & DevHostOptions): Host {
  const { intentDelay, limits, testOutcomes, ...hostOptions } = options
  const relaxed: RelaxedDefences = {}
  if (intentDelay !== undefined) relaxed.intentDelay = intentDelay
  if (limits !== undefined) relaxed.limits = limits
  // What this host does that a production one does not, in words: an empty `{}` said nothing.
  const said = [
    ...(relaxed.intentDelay !== undefined ? [`confirm delay ${relaxed.intentDelay} ms`] : []),
    ...(relaxed.limits !== undefined ? [`limits ${JSON.stringify(relaxed.limits)}`] : []),
  ]
  const offers = testOutcomes ? `; payment test outcomes ${testOutcomes.outcomes.join(', ')}` : ''
  console.warn(
    `[platform host] development mode (createDevHost): ${
      said.length ? `defences relaxed: ${said.join(', ')}` : 'no defence relaxed'
    }${offers}; a production panel uses createHost`,
  )
  if (testOutcomes) relaxed.testOutcomes = testOutcomes
  return createHostRelaxed(hostOptions, relaxed)
}
