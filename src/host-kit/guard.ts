import { ErrorCode, PlatformError } from '../events/index.js'
import { withDetail } from './messages.js'
import { createRefreshGate, type RefreshGate } from './refresh-gate.js'
import type { TabLimitState, TabLimits } from './tab-limits.js'

/**
 * Per-widget limits, kept by the host for each `app_key` across the widget's reloads (a reload
 * does not reset them); the cool-down, the dismissals and the profile purges also across the
 * panel's pages in the tab (see `TabLimits`). The values are documented in SECURITY.md.
 */
export const LIMITS = {
  /** Calls of one widget the host works on at once; more are refused with `RATE_LIMITED`. */
  inFlight: 16,
  /**
   * Calls of one widget accepted in any one second (the last 1,000 ms, a sliding window); more
   * are refused with `RATE_LIMITED`.
   */
  perSecond: 100,
  /** `resize` reports of one widget accepted in any one second, counted apart from the calls. */
  resizesPerSecond: 120,
  /**
   * `RATE_LIMITED` answers sent to one widget in any one second. Beyond them a call gets no answer
   * at all (the SDK ends it with `TIMEOUT`): in a flood, even the answer would cost the panel.
   */
  refusalsPerSecond: 50,
  /** Dismissed dialogs of one widget within {@link LIMITS.dismissWindow} that start a cool-down. */
  dismissals: 3,
  /** The window, in ms, in which {@link LIMITS.dismissals} dismissals count. */
  dismissWindow: 60_000,
  /** How long, in ms, a widget's dialog requests are refused with `DIALOG_COOLDOWN`. */
  cooldown: 60_000,
  /**
   * At most one profile-cache purge (`widget.refreshProfile()`) of one widget per this many ms;
   * calls in between wait for the next purge and share it (see `createRefreshGate`).
   */
  profileRefresh: 10_000,
} as const

/** One widget's state: calls in flight, recent calls, dismissals, and its pending consent. */
export interface WidgetGuard {
  /**
   * Admits one call and returns the function that ends it, or, before any work is done, the
   * reason it is refused (a string, not a thrown error: in a flood even a stack trace costs).
   */
  admit(kind?: 'call' | 'resize'): (() => void) | string
  /** After a refusal: true while the widget may still get a `RATE_LIMITED` answer (per second). */
  answerRefusal(): boolean
  /** Throws `DIALOG_COOLDOWN` while the widget is cooling down. */
  checkCooldown(): void
  /** The user dismissed one of this widget's dialogs (close, Cancel or Esc). */
  dismissed(): void
  /** The user confirmed one of this widget's dialogs: the dismissals so far are forgiven. */
  confirmed(): void
  /** Starts a cool-down at once (the widget took focus from a dialog). */
  coolDown(): void
  /** True while one consent request of this widget is waiting or shown. */
  consentPending: boolean
  /** Spaces this widget's profile-cache purges {@link LIMITS.profileRefresh} ms apart. */
  readonly profileRefresh: RefreshGate
}

export type Limits = { -readonly [K in keyof typeof LIMITS]: number }

/**
 * The part of a widget's state that outlives the panel page: held in memory and saved in the tab.
 * `load` takes in what the tab saved where it is stricter than memory (a later cool-down's end,
 * more recent dismissals, a later purge), bounded by now (nothing saved cools a widget down for longer
 * than one cool-down); `save` writes a change through.
 */
function keptState(L: Limits, now: () => number, tab: TabLimits | undefined) {
  let state: TabLimitState = { coolUntil: 0, dismissals: [], lastPurge: Number.NEGATIVE_INFINITY }
  const load = (): TabLimitState => {
    const saved = tab?.read()
    if (!saved) return state
    const t = now()
    const recent = (list: number[]) =>
      list.map((d) => Math.min(d, t)).filter((d) => d > t - L.dismissWindow)
    const [mine, theirs] = [recent(state.dismissals), recent(saved.dismissals)]
    state = {
      coolUntil: Math.max(state.coolUntil, Math.min(saved.coolUntil, t + L.cooldown)),
      // The longer list: the one nearer a cool-down.
      dismissals: (theirs.length > mine.length ? theirs : mine).slice(-L.dismissals),
      lastPurge: Math.max(state.lastPurge, Math.min(saved.lastPurge, t)),
    }
    return state
  }
  const save = (change: Partial<TabLimitState>) => {
    state = { ...load(), ...change }
    tab?.write(state)
  }
  return { load, save }
}

/**
 * One widget's guard. `tab` keeps its cool-down, dismissals and profile purges across the
 * panel's pages in the tab; without it (a sign-in page, unit tests), they live as long as the
 * guard.
 */
export function createGuard(
  overrides: Partial<Limits> = {},
  now: () => number = Date.now,
  tab?: TabLimits,
): WidgetGuard {
  const L: Limits = { ...LIMITS, ...overrides }
  const kept = keptState(L, now, tab)
  let inFlight = 0
  /**
   * At most `max` taken in any 1,000 ms: the times taken in the last second, oldest first (O(1)
   * per call, amortized, which a flood needs). Fixed clock seconds would let up to twice `max`
   * through across a second's boundary.
   */
  const slidingWindow = (max: number) => {
    let times: number[] = []
    let head = 0
    return () => {
      const t = now()
      while (head < times.length && (times[head] as number) <= t - 1000) head++
      if (head > 64 && head * 2 > times.length) {
        times = times.slice(head)
        head = 0
      }
      if (times.length - head >= max) return false
      times.push(t)
      return true
    }
  }
  const take = {
    call: slidingWindow(L.perSecond),
    resize: slidingWindow(L.resizesPerSecond),
    refusal: slidingWindow(L.refusalsPerSecond),
  }
  const end = () => {}
  return {
    consentPending: false,
    profileRefresh: createRefreshGate(L.profileRefresh, now, {
      last: () => kept.load().lastPurge,
      started: (t) => kept.save({ lastPurge: t }),
    }),
    admit(kind = 'call') {
      if (kind === 'resize') {
        return take.resize() ? end : `${L.resizesPerSecond} resizes in one second`
      }
      if (inFlight >= L.inFlight) return `${L.inFlight} calls in flight`
      if (!take.call()) return `${L.perSecond} calls in one second`
      inFlight++
      let done = false
      return () => {
        if (!done) {
          done = true
          inFlight--
        }
      }
    },
    answerRefusal() {
      return take.refusal()
    },
    checkCooldown() {
      const { coolUntil } = kept.load()
      if (now() < coolUntil) {
        const seconds = Math.ceil((coolUntil - now()) / 1000)
        throw withDetail(
          new PlatformError(
            ErrorCode.DIALOG_COOLDOWN,
            `This widget's dialogs are paused (dismissed ${L.dismissals} times, or focus taken from one); try again in ${seconds} s`,
          ),
          seconds,
        )
      }
    },
    dismissed() {
      const t = now()
      const dismissals = [...kept.load().dismissals.filter((d) => d > t - L.dismissWindow), t]
      kept.save(
        dismissals.length >= L.dismissals
          ? { coolUntil: t + L.cooldown, dismissals: [] }
          : { dismissals },
      )
    },
    confirmed() {
      kept.save({ dismissals: [] })
    },
    coolDown() {
      kept.save({ coolUntil: now() + L.cooldown, dismissals: [] })
    },
  }
}

/** The `RATE_LIMITED` error answering a refusal `admit` returned. */
export function rateLimited(reason: string): PlatformError {
  return new PlatformError(ErrorCode.RATE_LIMITED, `More than ${reason}; retry later`)
}
