// What `openLink` sends and answers: its folder's own types, which the contract, the validator,
// the SDK's call and the handler import; the `./events` entry and the SDK publish them.
/** `openLink`: an outside page to open in a new tab (`https:`, or `http:` on this machine). */
export interface OpenLinkRequest {
  url: string
}

/** `openLink` resolved: the tab was opened (or, in a top-level page, the page is navigating). */
export interface OpenLinkResult {
  opened: true
}
