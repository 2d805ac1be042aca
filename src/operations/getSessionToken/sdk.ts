import type { SessionTokenRequest } from '../../events/protocol.js'

/** `platform.getSessionToken`. */
export interface GetSessionTokenCall {
  /**
   * Asks the user (once) to consent to `scope`, then resolves with a short-lived session token
   * for your backend to exchange. Rejects with `USER_CLOSED_POPUP` when the user closes the
   * consent window. `scope` may be one space-separated string; `timeout` (ms) shortens the wait.
   *
   * @example
   * const token = await platform.getSessionToken({ scope: ['provider.profile.read'] })
   */
  getSessionToken(options: SessionTokenRequest): Promise<string>
}
