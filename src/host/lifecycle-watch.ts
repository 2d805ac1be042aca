// The state of one watched frame (`watchLifecycle`) and what changes it: the frame's pages
// connecting, loading, initializing, and the timers that give up on them.
import { ErrorCode, PlatformError } from '../events/index.js'
import type { Unavailability } from '../host-kit/unavailability.js'
import type { FrameNotice, NoticeText } from './no-answer.js'

/** What a watch reads of `LifecycleOptions`, and the panel's `diagnose`, bounded. */
export interface WatchOptions {
  iframe: HTMLIFrameElement
  app_key: string
  readyTimeout: number
  handshakeTimeout: number
  text: (why: Unavailability) => NoticeText
  onUnavailable?: (why: Unavailability, notice: HTMLElement) => void
  onReady?: () => void
  /** The panel's answer to why no page connected, if it gave one in time. */
  diagnose: () => Promise<Unavailability | undefined>
}

/** One watched frame. */
export interface Watch {
  options: WatchOptions
  notice: FrameNotice
  state: 'pending' | 'ready' | 'unavailable'
  everReady: boolean
  stopped: boolean
  diagnosing: boolean
  /** The SYNs seen, in all; at the frame's last load. */
  syns: number
  synsAtLoad: number
  readyTimer?: ReturnType<typeof setTimeout> | undefined
  loadTimer?: ReturnType<typeof setTimeout> | undefined
  resolve: () => void
  reject: (error: PlatformError) => void
  /** The frame's `load` listener, removed by `stop`. */
  onLoad: () => void
}

/** Rejects a pending `ready`, and shows the notice saying why. */
export function unavailable(watch: Watch, why: Unavailability) {
  if (watch.stopped) return
  if (watch.state === 'pending') {
    watch.state = 'unavailable'
    clearTimeout(watch.readyTimer)
    watch.reject(
      new PlatformError(
        ErrorCode.WIDGET_UNAVAILABLE,
        `${watch.options.app_key} is unavailable (${why.reason}): ${why.detail}`,
        undefined,
        { reason: why.reason, detail: why.detail },
      ),
    )
  }
  const shown = watch.notice.show(watch.options.text(why))
  try {
    watch.options.onUnavailable?.(why, shown)
  } catch (error) {
    console.error('[platform host] onUnresponsive threw:', error)
  }
}

/** No page connected: asks the panel's server why, unless a page connects meanwhile. */
async function noHandshake(watch: Watch, detail: string) {
  if (watch.diagnosing || watch.notice.shown()) return
  watch.diagnosing = true
  const before = watch.syns
  const found = await watch.options.diagnose()
  watch.diagnosing = false
  if (watch.syns !== before) return
  unavailable(watch, found ?? { reason: 'no-handshake', detail })
}

/** `readyTimeout` passed since the mount. */
export function readyTimedOut(watch: Watch) {
  const { readyTimeout } = watch.options
  if (watch.state !== 'pending') return
  if (watch.syns === 0) {
    void noHandshake(watch, `no page connected within ${readyTimeout} ms of the mount`)
  } else {
    unavailable(watch, {
      reason: 'no-initialize',
      detail: `its page connected but did not initialize within ${readyTimeout} ms of the mount`,
    })
  }
}

/**
 * A page the frame loaded: its SYN comes while it loads, before this event, or within the
 * handshake time after (an SDK imported late).
 */
export function loaded(watch: Watch) {
  const { handshakeTimeout } = watch.options
  clearTimeout(watch.loadTimer)
  const answeredWhileLoading = watch.syns > watch.synsAtLoad
  watch.synsAtLoad = watch.syns
  if (answeredWhileLoading) return
  watch.loadTimer = setTimeout(() => {
    if (watch.syns === watch.synsAtLoad) {
      void noHandshake(
        watch,
        `its page did not connect within ${handshakeTimeout} ms after it loaded`,
      )
    }
  }, handshakeTimeout)
}

/** See `Lifecycle.initialized`. */
export function initialized(watch: Watch) {
  if (watch.stopped) return
  watch.notice.hide()
  if (watch.state === 'pending') {
    watch.state = 'ready'
    clearTimeout(watch.readyTimer)
    watch.resolve()
  }
  if (watch.everReady) return
  watch.everReady = true
  watch.options.onReady?.()
}

/** See `Lifecycle.stop`. */
export function stop(watch: Watch) {
  if (watch.stopped) return
  watch.stopped = true
  clearTimeout(watch.readyTimer)
  clearTimeout(watch.loadTimer)
  watch.options.iframe.removeEventListener('load', watch.onLoad)
  watch.notice.hide()
  if (watch.state === 'pending') {
    watch.state = 'unavailable'
    watch.reject(
      new PlatformError(
        ErrorCode.CONNECTION_CLOSED,
        `${watch.options.app_key} was unmounted before it was ready`,
      ),
    )
  }
}
