import { PlatformError } from '../events/index.js'
import type { NavigationOutcome } from '../events/protocol.js'
import type { SdkPath } from '../operations/index.js'
import type { SdkCall, Send } from './call-types.js'

/** Each call of `callForms`'s table, made from what sends its one request to the host. */
export type CallForms = { [P in SdkPath]?: (send: Send<P>) => SdkCall<P> }

/** A navigation's outcome, told to the developer where it had no effect. */
export type Navigation = (sent: Promise<NavigationOutcome>, method: string) => Promise<void>

const empty =
  <R>(send: (request: Record<string, never>) => Promise<R>) =>
  () =>
    send({})
const profile =
  (action: 'add' | 'remove' | 'refresh') => (send: Send<'widget.addToProfile'>) => () =>
    send({ action })

/**
 * The calls whose arguments are not the one request the host takes, by path (their types are
 * the table's: `SdkCall`); every other call of the operation table sends its argument as it is.
 * Arguments are checked by the host, which never trusts the bridge; errors come back with the
 * field named. Locally the SDK checks only what cannot reach the host. `initialize` and
 * `navigation` are the connection's, which the platform object keeps.
 */
export function callForms(initialize: SdkCall<'initialize'>, navigation: Navigation): CallForms {
  return {
    initialize: () => initialize,
    'redirect.dispatch': (send) => (request) => navigation(send(request), 'redirect'),
    // `options: undefined` is sent as such; the host drops it.
    'flow.dispatch': (send) => (flowKey, options) => navigation(send({ flowKey, options }), 'flow'),
    'payment.pay': (send) => async (request, payload) => {
      // Merge only into an object; anything else goes as is, and the host names the request.
      if (payload === undefined || typeof request !== 'object' || !request) return send(request)
      if ('payload' in request) {
        throw new PlatformError(
          'INVALID_ARGUMENT',
          'payload: give it once, inside the request or as the second argument',
          'payload',
        )
      }
      return send({ ...request, payload })
    },
    'payment.subscribe': (send) => (request) => send(request ?? {}),
    'sms.activate': empty,
    'sms.charge': empty,
    'widget.addToProfile': profile('add'),
    'widget.removeFromProfile': profile('remove'),
    'widget.refreshProfile': profile('refresh'),
    // Compatibility: the original SDK's misspelling, which widgets written for it call.
    'widget.refreshPorifle': profile('refresh'),
  }
}
