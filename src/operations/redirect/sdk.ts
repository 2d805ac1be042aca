import type { RedirectRequest } from '../../events/protocol.js'

/** `platform.redirect.dispatch`. */
export interface RedirectCall {
  /**
   * Opens a panel page. `path` is a panel path such as `/settings`; the host adds the domain.
   * Resolves with no effect outside the doctor panel.
   *
   * @example
   * await platform.redirect.dispatch({ path: '/appointments', newContext: true })
   */
  dispatch(options: RedirectRequest): Promise<void>
}
