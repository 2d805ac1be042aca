/**
 * Permissions Policy of every widget frame: writing to the clipboard and asking for storage
 * access (`document.requestStorageAccess()`). {@link frameAllow} adds the focus policy where the
 * browser knows it.
 */
export const IFRAME_ALLOW = 'clipboard-write; storage-access'

/** No focus taken by script unless the user has just clicked or typed in the widget. */
const FOCUS_POLICY = 'focus-without-user-activation'

/**
 * The frame's `allow` list in `doc`: {@link IFRAME_ALLOW}, and `focus-without-user-activation
 * 'none'` where the panel's document knows that feature (Chromium with the feature's origin-trial
 * token on the panel's pages, or its Blink switch). Elsewhere the browser ignores it, and Chromium
 * without the token logs "Origin trial controlled feature not enabled" on every frame that names
 * it; the host's focus defence does not depend on it (see SECURITY.md, focus theft).
 *
 * @example
 * iframe.allow = frameAllow(document)
 */
export function frameAllow(doc: Document): string {
  const policy = (doc as Document & { featurePolicy?: { features(): string[] } }).featurePolicy
  let known = false
  try {
    known = policy?.features().includes(FOCUS_POLICY) === true
  } catch {
    // A browser whose policy object throws knows nothing more: the list without it.
  }
  return known ? `${IFRAME_ALLOW}; ${FOCUS_POLICY} 'none'` : IFRAME_ALLOW
}

/** `sandbox`: scripts, own origin (storage, and the origin binding needs it), forms, popups, and
 * asking for storage access after the user's click (a cross-site frame's cookies and storage: see
 * docs/widget.md, "Storage in the panel's frame"). A popup keeps the frame's sandbox (no
 * `allow-popups-to-escape-sandbox`): in Firefox an unsandboxed popup could set
 * `opener.top.location` and take the panel's tab. Links leave through `platform.openLink`, which
 * the host opens from the panel. No top navigation (use `redirect.dispatch`), no modals (no fake
 * `alert` dialogs over the panel), no downloads. */
export const IFRAME_SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-popups allow-storage-access-by-user-activation'
