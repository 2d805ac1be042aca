// What a top-level page keeps in its tab's `sessionStorage` for the sign-in: the keys, the shapes
// kept, and reads and removals that never throw (a page may have no storage, or one that throws).
/**
 * Where a sign-in under way is kept for the way back (JSON: its one-time `state`, the `verifier`
 * its code is redeemed with, `app_key`, `scope`, and `search`, the page's query, which the
 * sign-in's `return` never carries: the answer goes back to the registered page alone).
 */
export const SIGN_IN_STATE = 'platform:sign-in-state'
/** When (ms) this tab's pages of this origin last left for the sign-in page. */
export const SIGN_IN_AT = 'platform:sign-in-at'
/** The tab's renewal grant (JSON: `grant`, `app_key`, `scope`). */
export const SIGN_IN_GRANT = 'platform:sign-in-grant'
/** A page never leaves for the sign-in page again within this many ms of its last trip. */
export const SIGN_IN_INTERVAL = 30_000

/** What a trip or a grant is for. */
export type SignInRequest = { app_key: string; scope: string[] }
export type Held = SignInRequest & { grant: string }
/** What the tab kept for the way back: the trip's request, its state, verifier and query. */
export type Pending = SignInRequest & { state: string; verifier: string; search?: string }

/** The tab's session storage, or undefined where the page has none (it throws). */
export function storage(win: Window): Storage | undefined {
  try {
    return win.sessionStorage
  } catch {
    return undefined
  }
}

/** The JSON object kept under `key`, or undefined (none, not an object, unreadable). */
export function read<T>(win: Window, key: string): T | undefined {
  try {
    const value = JSON.parse(storage(win)?.getItem(key) ?? 'null')
    return value && typeof value === 'object' ? (value as T) : undefined
  } catch {
    return undefined
  }
}

export const remove = (win: Window, key: string) => {
  try {
    storage(win)?.removeItem(key)
  } catch {}
}
