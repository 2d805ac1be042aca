/**
 * What one widget's limits keep across the panel's pages and tabs of one origin: a widget that
 * sends the panel to another page (`redirect.dispatch` to its own `/panel/apps/…`, a reload) or
 * has a new tab opened would otherwise meet a new host with fresh counters. Times are
 * `Date.now()` values.
 */
export interface TabLimitState {
  /** When its dialogs' cool-down ends; 0 for none. */
  coolUntil: number
  /** When the user dismissed its dialogs, the ones that may still count. */
  dismissals: number[]
  /** When its last profile-cache purge started; `-Infinity` for none. */
  lastPurge: number
}

/** One widget's saved limits. Neither method throws. */
export interface TabLimits {
  /**
   * The saved state, each field that is well formed (a field that is not comes back as none);
   * `undefined` when nothing readable is saved. The guard takes the stricter of this and what it
   * holds in memory, so a missing or broken value never loosens a limit.
   */
  read(): TabLimitState | undefined
  /** Saves the state; a storage that refuses (full, blocked) leaves the guard's memory alone. */
  write(state: TabLimitState): void
}

/** Each widget's {@link TabLimits}, by `app_key`. */
export type TabStore = (app_key: string) => TabLimits

const PREFIX = 'platform-host-limits:'

const time = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined

/** A saved value back to a state, field by field; `undefined` when it is not an object. */
export function parseTabLimits(text: string | null): TabLimitState | undefined {
  if (text === null) return undefined
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined
  const { coolUntil, dismissals, lastPurge } = value as Record<string, unknown>
  return {
    coolUntil: time(coolUntil) ?? 0,
    dismissals: Array.isArray(dismissals)
      ? dismissals.map(time).filter((t): t is number => t !== undefined)
      : [],
    lastPurge: time(lastPurge) ?? Number.NEGATIVE_INFINITY,
  }
}

/**
 * How long, in ms, a saved entry lives in `localStorage` after its last write: longer than any
 * limit's window (a minute), so an entry only outlives what it could still hold, and is removed
 * at its next read after that.
 */
export const KEEP_MS = 60 * 60_000

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** One entry in `storage`, with an expiry when `expiring`; nothing it does throws. */
function entryIn(
  storage: () => Store | undefined,
  key: string,
  expiring: boolean,
  now: () => number,
) {
  return {
    read(): TabLimitState | undefined {
      try {
        const store = storage()
        const text = store?.getItem(key) ?? null
        if (expiring && text !== null) {
          const expires = time((JSON.parse(text) as { expires?: unknown } | null)?.expires)
          if (expires === undefined || expires <= now()) {
            store?.removeItem(key)
            return undefined
          }
        }
        return parseTabLimits(text)
      } catch {
        return undefined
      }
    },
    write(state: TabLimitState): void {
      try {
        const lastPurge = Number.isFinite(state.lastPurge) ? state.lastPurge : undefined
        const expires = expiring ? now() + KEEP_MS : undefined
        storage()?.setItem(key, JSON.stringify({ ...state, lastPurge, expires }))
      } catch {
        // Kept in memory (or in the other storage) only: as strict for this page as before.
      }
    },
  }
}

/** The stricter of two saved states: the later cool-down and purge, the longer dismissal list. */
function stricter(a: TabLimitState | undefined, b: TabLimitState | undefined) {
  if (!a || !b) return a ?? b
  return {
    coolUntil: Math.max(a.coolUntil, b.coolUntil),
    dismissals: b.dismissals.length > a.dismissals.length ? b.dismissals : a.dismissals,
    lastPurge: Math.max(a.lastPurge, b.lastPurge),
  }
}

/**
 * The store in `shared` (every tab of the panel's origin), with an expiry, and in `tab` (this
 * tab); reads take the stricter of the two, writes go to both. A `shared` storage that is
 * blocked, full or missing leaves the tab's: never looser than one tab.
 */
function storeIn(
  shared: () => Store | undefined,
  tab: () => Store | undefined,
  now: () => number,
): TabStore {
  return (app_key) => {
    const key = `${PREFIX}${app_key}`
    const entries = [entryIn(shared, key, true, now), entryIn(tab, key, false, now)]
    return {
      read: () => entries.map((e) => e.read()).reduce(stricter, undefined),
      write: (state) => {
        for (const e of entries) e.write(state)
      },
    }
  }
}

/** `win[name]`, or `undefined` where reading it throws (blocked storage, an opaque origin). */
const storageOf = (win: Window, name: 'localStorage' | 'sessionStorage') => () => {
  try {
    return win[name] ?? undefined
  } catch {
    return undefined
  }
}

/**
 * The panel's store: the panel origin's `localStorage`, shared by its tabs, each entry expiring
 * {@link KEEP_MS} after its last write, and the tab's `sessionStorage` beside it; one entry per
 * `app_key`. A widget's cool-down, dismissals and purges so hold in every tab of the panel, a
 * tab it had opened included. Only the panel's own pages can write them: a widget runs on its
 * own origin (never the panel's: SECURITY.md), and its frame's storage is its origin's. Where
 * both storages are missing or throw (blocked, full, an opaque origin), each call does nothing
 * and the limits hold for the page, as in memory.
 */
export function panelTabStore(win: Window, now: () => number = Date.now): TabStore {
  return storeIn(storageOf(win, 'localStorage'), storageOf(win, 'sessionStorage'), now)
}

/**
 * A store in memory, for a test panel: each one is a panel of its own, so one test's cool-down
 * does not reach the next. Give the same store to two panels to stand for a reload or a second
 * tab.
 */
export function memoryTabStore(): TabStore {
  const saved = new Map<string, string>()
  const store: Store = {
    getItem: (key) => saved.get(key) ?? null,
    setItem: (key, value) => void saved.set(key, value),
    removeItem: (key) => void saved.delete(key),
  }
  return storeIn(
    () => undefined,
    () => store,
    Date.now,
  )
}
