import { describe, expect, it } from 'vitest'
import { ErrorCode } from '../events/index.js'
import { createGuard, LIMITS } from './guard.js'
import {
  memoryTabStore,
  parseTabLimits,
  sessionTabStore,
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

  it('sessionStorage that throws on every use: the page keeps its limits in memory', () => {
    const win = {
      get sessionStorage(): Storage {
        throw new DOMException('denied', 'SecurityError')
      },
    } as unknown as Window
    const tab = sessionTabStore(win)('demo')
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

  it('sessionStorage: one entry per app_key, read back by a new store on the same window', () => {
    sessionStorage.clear()
    const tab = sessionTabStore(window)('demo')
    tab.write({ coolUntil: 5, dismissals: [1, 2], lastPurge: Number.NEGATIVE_INFINITY })
    expect(sessionTabStore(window)('demo').read()).toEqual({
      coolUntil: 5,
      dismissals: [1, 2],
      lastPurge: Number.NEGATIVE_INFINITY,
    })
    expect(sessionTabStore(window)('other').read()).toBeUndefined()
    sessionStorage.clear()
  })
})
