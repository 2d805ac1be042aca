/**
 * What one widget's limits keep across panel pages in one tab: a widget that sends the panel to
 * another page (`redirect.dispatch` to its own `/panel/apps/…`, a reload) would otherwise meet a
 * new host with fresh counters. Times are `Date.now()` values.
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

/** The store in `storage`, one entry per `app_key`; nothing it does throws. */
function storeIn(storage: () => Pick<Storage, 'getItem' | 'setItem'> | undefined): TabStore {
  return (app_key) => {
    const key = `${PREFIX}${app_key}`
    return {
      read() {
        try {
          return parseTabLimits(storage()?.getItem(key) ?? null)
        } catch {
          return undefined
        }
      },
      write(state) {
        try {
          const lastPurge = Number.isFinite(state.lastPurge) ? state.lastPurge : undefined
          storage()?.setItem(key, JSON.stringify({ ...state, lastPurge }))
        } catch {
          // Kept in memory only: as strict for this page as before.
        }
      },
    }
  }
}

/**
 * The tab's store: the panel origin's `sessionStorage`, one entry per `app_key`. Only the panel's
 * own pages can write it: a widget runs on its own origin (never the panel's: SECURITY.md), and
 * its frame's storage is its origin's. Where storage is missing or throws (blocked, full, an
 * opaque origin), each call does nothing and the limits hold for the page, as in memory.
 */
export function sessionTabStore(win: Window): TabStore {
  return storeIn(() => win.sessionStorage ?? undefined)
}

/**
 * A store in memory, for a test panel: each one is a tab of its own, so one test's cool-down
 * does not reach the next. Give the same store to two panels to stand for a reload.
 */
export function memoryTabStore(): TabStore {
  const saved = new Map<string, string>()
  return storeIn(() => ({
    getItem: (key) => saved.get(key) ?? null,
    setItem: (key, value) => void saved.set(key, value),
  }))
}
