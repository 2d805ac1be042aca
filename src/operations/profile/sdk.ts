import type { ProfileResult } from '../../events/protocol.js'

/** `platform.widget`'s profile calls. */
export interface ProfileCall {
  /**
   * Asks the doctor, then puts the widget on their public profile. Resolves `{ active: true }`;
   * rejects with `USER_CLOSED_POPUP` when the doctor declines.
   *
   * @example
   * const { active } = await platform.widget.addToProfile()
   */
  addToProfile(): Promise<ProfileResult>
  /**
   * Asks the doctor, then takes the widget off their public profile. Resolves `{ active: false }`.
   *
   * @example
   * await platform.widget.removeFromProfile()
   */
  removeFromProfile(): Promise<ProfileResult>
  /**
   * Purges the doctor's profile from the platform's cache, so a change shows at once. Resolves
   * `{ refreshed: true }`; no dialog.
   *
   * @example
   * await platform.widget.refreshProfile()
   */
  refreshProfile(): Promise<ProfileResult>
  /**
   * The original SDK's misspelling of {@link refreshProfile}, kept for compatibility.
   * @deprecated Use `refreshProfile`.
   * @example
   * await platform.widget.refreshPorifle()
   */
  refreshPorifle(): Promise<ProfileResult>
}
