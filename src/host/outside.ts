import type { HostContext } from '../events/index.js'
import { redirectTarget } from '../host-kit/path-rules.js'
import type { CallContext, Handled, Validated } from './types.js'

/**
 * What a call outside its row's contexts still meets (see the row's `outside`): the words of a
 * `WRONG_CONTEXT` refusal, or the checks that stand where the call has no effect (a redirect's
 * path is refused wherever it is sent).
 */
export const OUTSIDE: {
  [K in Handled]?: {
    refusal?: (context: HostContext) => string
    check?: (request: Validated<K>, call: CallContext) => unknown
  }
} = {
  payForDoctorService: {
    refusal: (context) => `payForDoctorService works in the doctor-profile context, not ${context}`,
  },
  profile: {
    refusal: (context) =>
      `The doctor's profile can be changed from the doctor panel or profile only, not the ${context}`,
  },
  redirect: { check: redirectTarget },
}
