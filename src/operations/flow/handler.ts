import type { NavigationOutcome } from '../../events/wire.js'
import type { CallContext } from '../../host-kit/types.js'
import type { FlowRequest } from './types.js'

/**
 * `flow.dispatch`: booking flow only (the row's context), through the page's `onFlow` handler;
 * no effect without one.
 */
export async function handle(
  { flowKey, options: flowOptions }: FlowRequest,
  call: CallContext<'onFlow'>,
): Promise<NavigationOutcome> {
  const { onFlow } = call.options
  if (!onFlow) {
    call.warn('flow.dispatch has no effect: the page gave no onFlow handler')
    return { applied: false }
  }
  await onFlow(flowKey, flowOptions)
  return { applied: true }
}
