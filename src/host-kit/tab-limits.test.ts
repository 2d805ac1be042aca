import { describe, expect, it } from 'vitest'
import { ErrorCode } from '../events/index.js'
import { createGuard, LIMITS } from './guard.js'
import {
  KEEP_MS,
  memoryTabStore,
  panelTabStore,
  parseTabLimits,
  type TabLimits,
  type TabStore,
} from './tab-limits.js'

const codeOf = (f: () => void) => {
  try {
    f()
    return 'ok'
  } catch (error) {
    return (error as { code?: string }).code
  }
}

/** A guard on `store`'s entry for `demo`, at time `t()`: a panel page of the tab. */
const page = (store: TabStore, t: () => number) => createGuard({}, t, store('demo'))

describe('limits that outlive the panel page', () => {
  it('a new page of the tab finds the cool-down where the last one left it', () => {
    let t = 1_000
    const store = memoryTabStore()
    const first = page(store, () => t)
    for (let i = 0; i < LIMITS.dismissals; i++) first.dismissed()
    t += 5_000
    // The widget sends the panel to another page: a new host, a new guard, the same tab.
    const second = page(store, () => t)
    expect(codeOf(() => second.checkCooldown())).toBe(ErrorCode.DIALOG_COOLDOWN)
    t = 1_000 + LIMITS.cooldown
    expect(codeOf(() => second.checkCooldown())).toBe('ok')
  })

  it('counts the dismissals of earlier pages: two here and one there start the cool-down', () => {
    let t = 1_000
    const store = memoryTabStore()
    const first = page(store, () => t)
    first.dismissed()
    first.dismissed()
    t += 1_000
    const second = page(store, () => t)
    expect(codeOf(() => second.checkCooldown())).toBe('ok')
    second.dismissed()
    expect(codeOf(() => second.checkCooldown())).toBe(ErrorCode.DIALOG_COOLDOWN)
  })

  it('a confirm on one page forgives the dismissals for the next', () => {
    let t = 1_000
    const store = memoryTabStore()
    const first = page(store, () => t)
    first.dismissed()
    first.dismissed()
    first.confirmed()
    t += 1_000
    const second = page(store, () => t)
    second.dismissed()
    expect(codeOf(() => second.checkCooldown())).toBe('ok')
  })

  it('a focus theft’s cool-down reaches the next page too', () => {
    const store = memoryTabStore()
    page(store, () => 0).coolDown()
    expect(codeOf(() => page(store, () => 10).checkCooldown())).toBe(ErrorCode.DIALOG_COOLDOWN)
  })

  it('keeps widgets apart: another app_key starts fresh', () => {
    const store = memoryTabStore()
    const guard = page(store, () => 0)
    for (let i = 0; i < LIMITS.dismissals; i++) guard.dismissed()
    const other = createGuard({}, () => 0, store('other'))
    expect(codeOf(() => other.checkCooldown())).toBe('ok')
  })

  it('the next page waits for the purge interval the last one started', async () => {
    let t = 1_000
    const store = memoryTabStore()
    const signal = new AbortController().signal
    let purges = 0
    const purge = async () => {
      purges++
    }
    await page(store, () => t).profileRefresh.run(purge, signal)
    expect(purges).toBe(1)
    t += 1_000
    // A new page, 1 s later: its first purge waits for the rest of the interval.
    const waiting = new AbortController()
    void page(store, () => t).profileRefresh.run(purge, waiting.signal)
    await new Promise((r) => setTimeout(r, 20))
    expect(purges).toBe(1)
    waiting.abort()
    t = 1_000 + LIMITS.profileRefresh
    await page(store, () => t).profileRefresh.run(purge, signal)
    expect(purges).toBe(2)
  })
})

describe('a store that fails or holds nonsense fails closed', () => {
  /** A store holding `text`, which writes nothing back. */
  const holding = (text: string): TabLimits => ({
    read: () => parseTabLimits(text),
    write: () => {},
  })

  it('both storages throw on every use: the page keeps its limits in memory', () => {
    const denied = (): Storage => {
      throw new DOMException('denied', 'SecurityError')
    }
    const win = {
      get localStorage() {
        return denied()
      },
      get sessionStorage() {
        return denied()
      },
    } as unknown as Window
    const tab = panelTabStore(win)('demo')
    expect(tab.read()).toBeUndefined()
    expect(() => tab.write({ coolUntil: 1, dismissals: [], lastPurge: 0 })).not.toThrow()
    const guard = createGuard({}, () => 0, tab)
    for (let i = 0; i < LIMITS.dismissals; i++) guard.dismissed()
    expect(codeOf(() => guard.checkCooldown())).toBe(ErrorCode.DIALOG_COOLDOWN)
  })

  it.each<[string, string]>([
    ['not JSON', '{'],
    ['not an object', '[1,2,3]'],
    ['wrong types', '{"coolUntil":"never","dismissals":"x","lastPurge":null}'],
    ['NaN and strings in the list', '{"coolUntil":0,"dismissals":[null,"1"]}'],
  ])('%s: ignored, and the limits hold as in memory', (_, text) => {
    const guard = createGuard({}, () => 1_000, holding(text))
    expect(codeOf(() => guard.checkCooldown())).toBe('ok')
    for (let i = 0; i < LIMITS.dismissals; i++) guard.dismissed()
    expect(codeOf(() => guard.checkCooldown())).toBe(ErrorCode.DIALOG_COOLDOWN)
  })

  it('a cool-down saved far in the future holds for one cool-down at most', () => {
    const guard = createGuard({}, () => 0, holding('{"coolUntil":1e15,"dismissals":[]}'))
    expect(codeOf(() => guard.checkCooldown())).toBe(ErrorCode.DIALOG_COOLDOWN)
    const later = createGuard({}, () => LIMITS.cooldown, holding('{"coolUntil":1e15}'))
    // Each page bounds it from its own now: saved values never grow it past one cool-down.
    expect(codeOf(() => later.checkCooldown())).toBe(ErrorCode.DIALOG_COOLDOWN)
  })

  it('a write that is lost (a full storage) leaves the saved dismissals: stricter, not looser', () => {
    const full = holding(`{"coolUntil":0,"dismissals":[900,950]}`)
    const guard = createGuard({}, () => 1_000, full)
    guard.confirmed()
    guard.dismissed()
    expect(codeOf(() => guard.checkCooldown())).toBe(ErrorCode.DIALOG_COOLDOWN)
  })

  it('one entry per app_key, read back by a new store on the same window', () => {
    sessionStorage.clear()
    localStorage.clear()
    const tab = panelTabStore(window)('demo')
    tab.write({ coolUntil: 5, dismissals: [1, 2], lastPurge: Number.NEGATIVE_INFINITY })
    expect(panelTabStore(window)('demo').read()).toEqual({
      coolUntil: 5,
      dismissals: [1, 2],
      lastPurge: Number.NEGATIVE_INFINITY,
    })
    expect(panelTabStore(window)('other').read()).toBeUndefined()
    sessionStorage.clear()
    localStorage.clear()
  })
})

/** A `Storage` in memory; `blocked` makes every use throw, as a browser's blocked storage does. */
function fakeStorage(saved = new Map<string, string>(), blocked = false): Storage {
  const check = () => {
    if (blocked) throw new DOMException('denied', 'SecurityError')
  }
  return {
    getItem(key: string) {
      check()
      return saved.get(key) ?? null
    },
    setItem(key: string, value: string) {
      check()
      saved.set(key, value)
    },
    removeItem(key: string) {
      check()
      saved.delete(key)
    },
  } as Storage
}

/** A panel tab: its own `sessionStorage`, and the origin's `localStorage` it is given. */
const tabOf = (local: Storage | 'blocked', session = fakeStorage()) =>
  ({
    get localStorage() {
      if (local === 'blocked') throw new DOMException('denied', 'SecurityError')
      return local
    },
    sessionStorage: session,
  }) as unknown as Window

describe('limits that hold across the panel’s tabs', () => {
  /** A guard in `win` at time `t()`, its store's expiry on the same clock. */
  const inTab = (win: Window, t: () => number, app = 'demo') =>
    createGuard({}, t, panelTabStore(win, t)(app))

  it('three dismissals in one tab: a tab opened next finds the cool-down, with an empty sessionStorage', () => {
    let t = 1_000
    const local = fakeStorage()
    const first = inTab(tabOf(local), () => t)
    for (let i = 0; i < LIMITS.dismissals; i++) first.dismissed()
    t += 1_000
    const opened = inTab(tabOf(local), () => t)
    expect(codeOf(() => opened.checkCooldown())).toBe(ErrorCode.DIALOG_COOLDOWN)
    t = 1_000 + LIMITS.cooldown
    expect(codeOf(() => opened.checkCooldown())).toBe('ok')
  })

  it('dismissals add up across tabs: two in one and one in another start the cool-down in both', () => {
    let t = 1_000
    const local = fakeStorage()
    const [a, b] = [tabOf(local), tabOf(local)]
    const first = inTab(a, () => t)
    first.dismissed()
    first.dismissed()
    t += 1_000
    inTab(b, () => t).dismissed()
    expect(codeOf(() => first.checkCooldown())).toBe(ErrorCode.DIALOG_COOLDOWN)
    expect(codeOf(() => inTab(b, () => t).checkCooldown())).toBe(ErrorCode.DIALOG_COOLDOWN)
  })

  it('a purge in one tab spaces the next one in another', async () => {
    let t = 1_000
    const local = fakeStorage()
    const signal = new AbortController().signal
    let purges = 0
    const purge = async () => {
      purges++
    }
    await inTab(tabOf(local), () => t).profileRefresh.run(purge, signal)
    t += 1_000
    const waiting = new AbortController()
    void inTab(tabOf(local), () => t).profileRefresh.run(purge, waiting.signal)
    await new Promise((r) => setTimeout(r, 20))
    expect(purges).toBe(1)
    waiting.abort()
  })

  it('localStorage blocked: the tab’s sessionStorage still holds across its pages, never looser than one tab', () => {
    let t = 1_000
    const session = fakeStorage()
    const first = inTab(tabOf('blocked', session), () => t)
    for (let i = 0; i < LIMITS.dismissals; i++) first.dismissed()
    t += 1_000
    const reloaded = inTab(tabOf('blocked', session), () => t)
    expect(codeOf(() => reloaded.checkCooldown())).toBe(ErrorCode.DIALOG_COOLDOWN)
  })

  it('localStorage that reads but loses its writes: the tab keeps the stricter of the two', () => {
    const t = 1_000
    const session = fakeStorage()
    const frozen = fakeStorage(new Map())
    frozen.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError')
    }
    const guard = inTab(tabOf(frozen, session), () => t)
    for (let i = 0; i < LIMITS.dismissals; i++) guard.dismissed()
    expect(codeOf(() => inTab(tabOf(frozen, session), () => t).checkCooldown())).toBe(
      ErrorCode.DIALOG_COOLDOWN,
    )
  })

  it('an entry past its expiry is ignored and removed; one without an expiry is ignored', () => {
    let t = 1_000
    const saved = new Map<string, string>()
    const local = fakeStorage(saved)
    inTab(tabOf(local), () => t).coolDown()
    expect(saved.size).toBe(1)
    t += KEEP_MS
    expect(panelTabStore(tabOf(local), () => t)('demo').read()).toBeUndefined()
    expect(saved.size).toBe(0)
    saved.set('platform-host-limits:demo', JSON.stringify({ coolUntil: t + 5_000 }))
    expect(panelTabStore(tabOf(local), () => t)('demo').read()).toBeUndefined()
  })

  it('keeps widgets apart across tabs too', () => {
    const local = fakeStorage()
    const guard = inTab(tabOf(local), () => 0)
    guard.coolDown()
    expect(codeOf(() => inTab(tabOf(local), () => 0, 'other').checkCooldown())).toBe('ok')
  })
})
