import type { OpenLinkRequest, OpenLinkResult } from './types.js'

/** `platform.openLink`. */
export interface OpenLinkCall {
  /**
   * Opens an outside page (`https:`; `http:` only on localhost) in a new tab, with no opener and
   * no referrer: the way out of the widget's frame, for a sign-in page that refuses frames. Call
   * it in a click handler to open at once; otherwise the panel asks the user first, naming the
   * site. Rejects with `INVALID_ARGUMENT` for any other URL, `USER_CLOSED_POPUP` when the user
   * declines and `POPUP_BLOCKED` when the browser blocks the tab. In a top-level page (not in
   * the panel) it checks the URL the same way and navigates the page there.
   *
   * @example
   * button.onclick = () => platform.openLink({ url: 'https://accounts.google.com/o/oauth2/auth?…' })
   */
  openLink(options: OpenLinkRequest): Promise<OpenLinkResult>
}
