import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PlatformError } from '../events/index.js'
import {
  checkReadyTimeout,
  DIAGNOSE_TIMEOUT,
  type Diagnosis,
  type LifecycleOptions,
  READY_TIMEOUT,
  watchLifecycle,
} from './lifecycle.js'

let iframe: HTMLIFrameElement
beforeEach(() => {
  vi.useFakeTimers()
  iframe = document.createElement('iframe')
  iframe.style.display = 'block'
  document.body.append(iframe)
})
afterEach(() => {
  vi.useRealTimers()
  document.body.replaceChildren()
})

const notice = () => document.querySelector<HTMLElement>('[data-platform-no-answer]')
const load = () => iframe.dispatchEvent(new Event('load'))

function watch(more: Partial<LifecycleOptions> = {}) {
  const onUnavailable = vi.fn()
  const onReady = vi.fn()
  const life = watchLifecycle({
    doc: document,
    iframe,
    app_key: 'mine',
    url: 'https://w.example/app/',
    readyTimeout: 10_000,
    handshakeTimeout: 5000,
    text: ({ reason, status }) => ({
      message: `Mine: ${reason}${status ? ` ${status}` : ''}`,
      lang: 'en',
      dir: 'ltr',
    }),
    onUnavailable,
    onReady,
    ...more,
  })
  // How `ready` settled, read without awaiting it (the promise's states are what is tested).
  const settled: { ok?: boolean; error?: PlatformError } = {}
  life.ready.then(
    () => {
      settled.ok = true
    },
    (error: PlatformError) => {
      settled.ok = false
      settled.error = error
    },
  )
  return { life, settled, onUnavailable, onReady }
}

describe('watchLifecycle: ready', () => {
  it('resolves at the first initialize, and stays quiet after', async () => {
    const { life, settled, onReady, onUnavailable } = watch()
    life.syn()
    load()
    await vi.advanceTimersByTimeAsync(3000)
    expect(settled.ok).toBeUndefined()
    life.initialized()
    await vi.advanceTimersByTimeAsync(0)
    expect(settled.ok).toBe(true)
    life.initialized()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(onReady).toHaveBeenCalledOnce()
    expect(onUnavailable).not.toHaveBeenCalled()
    expect(notice()).toBeNull()
  })

  it('a page that connected but never initialized: no-initialize at readyTimeout, not before', async () => {
    const { life, settled, onUnavailable } = watch()
    life.syn()
    load()
    await vi.advanceTimersByTimeAsync(9999)
    expect(settled.ok).toBeUndefined()
    expect(notice()).toBeNull()
    await vi.advanceTimersByTimeAsync(1)
    expect(settled.error).toBeInstanceOf(PlatformError)
    expect(settled.error).toMatchObject({ code: 'WIDGET_UNAVAILABLE', reason: 'no-initialize' })
    expect(settled.error!.detail).toMatch(/did not initialize within 10000 ms/)
    expect(notice()!.textContent).toBe('Mine: no-initialize')
    expect(iframe.style.display).toBe('none')
    expect(onUnavailable).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ reason: 'no-initialize' }),
      notice(),
    )
  })

  it('a page that loaded and never connected: no-handshake at the handshake time after its load', async () => {
    const { settled } = watch()
    await vi.advanceTimersByTimeAsync(1000)
    load()
    await vi.advanceTimersByTimeAsync(4999)
    expect(settled.ok).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(settled.error).toMatchObject({ code: 'WIDGET_UNAVAILABLE', reason: 'no-handshake' })
    expect(notice()!.textContent).toBe('Mine: no-handshake')
  })

  it('a frame that never loads nor connects: no-handshake at readyTimeout', async () => {
    const { settled } = watch({ readyTimeout: 2000 })
    await vi.advanceTimersByTimeAsync(1999)
    expect(settled.ok).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(settled.error).toMatchObject({ reason: 'no-handshake' })
    expect(settled.error!.detail).toMatch(/within 2000 ms of the mount/)
  })

  it('a page that initialized as another widget: app-key-mismatch at once', async () => {
    const { life, settled } = watch()
    life.syn()
    life.mismatch('theirs')
    await vi.advanceTimersByTimeAsync(0)
    expect(settled.error).toMatchObject({ code: 'WIDGET_UNAVAILABLE', reason: 'app-key-mismatch' })
    expect(settled.error!.detail).toBe('its page initialized as "theirs", not "mine"')
    expect(notice()!.textContent).toBe('Mine: app-key-mismatch')
  })

  it('a mismatch after it was ready changes nothing', async () => {
    const { life, settled, onUnavailable } = watch()
    life.syn()
    life.initialized()
    life.mismatch('theirs')
    await vi.advanceTimersByTimeAsync(0)
    expect(settled.ok).toBe(true)
    expect(onUnavailable).not.toHaveBeenCalled()
  })

  it('unmounted first: rejects with CONNECTION_CLOSED, clears its timers and its notice', async () => {
    const before = vi.getTimerCount()
    const { life, settled } = watch()
    load()
    life.stop()
    await vi.advanceTimersByTimeAsync(0)
    expect(settled.error).toMatchObject({ code: 'CONNECTION_CLOSED' })
    expect(vi.getTimerCount()).toBe(before)
    load()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(notice()).toBeNull()
  })

  it('initialized late: the notice goes, the frame comes back, ready stays rejected', async () => {
    const { life, settled, onReady } = watch()
    life.syn()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(notice()).not.toBeNull()
    life.initialized()
    await vi.advanceTimersByTimeAsync(0)
    expect(notice()).toBeNull()
    expect(iframe.style.display).toBe('block')
    expect(settled.ok).toBe(false)
    expect(onReady).toHaveBeenCalledOnce()
  })

  it('a reload that does not connect gets the notice again; its SYN removes it', async () => {
    const { life, settled, onUnavailable } = watch()
    life.syn()
    load()
    life.initialized()
    load() // reloaded: no SYN since the last load
    await vi.advanceTimersByTimeAsync(5000)
    expect(notice()!.textContent).toBe('Mine: no-handshake')
    expect(onUnavailable).toHaveBeenCalledOnce()
    expect(settled.ok).toBe(true)
    life.syn()
    expect(notice()).toBeNull()
  })

  it('a ready nobody awaits rejects without an unhandled rejection', async () => {
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      const life = watchLifecycle({
        doc: document,
        iframe,
        app_key: 'mine',
        url: 'https://w.example/',
        readyTimeout: 100,
        handshakeTimeout: 5000,
        text: () => ({ message: 'x', lang: 'en', dir: 'ltr' }),
      })
      await vi.advanceTimersByTimeAsync(100)
      vi.useRealTimers()
      // Node reports an unhandled rejection after the microtasks of the task it happened in.
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(unhandled).not.toHaveBeenCalled()
      await expect(life.ready).rejects.toMatchObject({ reason: 'no-handshake' })
    } finally {
      process.off('unhandledRejection', unhandled)
    }
  })

  it('a panel callback that throws changes nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { settled } = watch({
      readyTimeout: 100,
      onUnavailable: () => {
        throw new Error('boom')
      },
    })
    await vi.advanceTimersByTimeAsync(100)
    expect(settled.error).toMatchObject({ reason: 'no-handshake' })
    expect(notice()).not.toBeNull()
    expect(error).toHaveBeenCalled()
    error.mockRestore()
  })
})

describe('watchLifecycle: diagnose', () => {
  const url = 'https://w.example/app/'
  it.each([
    [
      { reason: 'http-error', status: 404 },
      { reason: 'http-error', detail: 'HTTP 404', status: 404 },
    ],
    [
      { reason: 'refused-framing', detail: "frame-ancestors 'none'" },
      { reason: 'refused-framing', detail: "frame-ancestors 'none'" },
    ],
    [
      { reason: 'unreachable', detail: 'ECONNREFUSED' },
      { reason: 'unreachable', detail: 'ECONNREFUSED' },
    ],
    [undefined, { reason: 'no-handshake' }],
    [{ reason: 'no-initialize', detail: 'a lie' }, { reason: 'no-handshake' }],
    [{ reason: 'http-error', status: 'x' }, { reason: 'no-handshake' }],
    ['nonsense', { reason: 'no-handshake' }],
  ])('the panel answers %j: %j', async (answer, why) => {
    const diagnose = vi.fn(async () => answer as never)
    const { settled, onUnavailable } = watch({ readyTimeout: 1000, diagnose })
    await vi.advanceTimersByTimeAsync(1000)
    expect(diagnose).toHaveBeenCalledExactlyOnceWith(url)
    // The error carries reason and detail; the status is the callback's (and in the detail).
    const { status: _, ...onError } = why as { status?: number }
    expect(settled.error).toMatchObject({ code: 'WIDGET_UNAVAILABLE', ...onError })
    expect(onUnavailable).toHaveBeenCalledWith(expect.objectContaining(why), notice())
    expect(notice()!.textContent).toContain(`Mine: ${why.reason}`)
  })

  it('a diagnose that throws or hangs leaves no-handshake, in DIAGNOSE_TIMEOUT at most', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const thrown = watch({
      readyTimeout: 1000,
      diagnose: () => {
        throw new Error('down')
      },
    })
    await vi.advanceTimersByTimeAsync(1000)
    expect(thrown.settled.error).toMatchObject({ reason: 'no-handshake' })
    warn.mockRestore()
    document.body.replaceChildren(iframe)
    const hung = watch({ readyTimeout: 1000, diagnose: () => new Promise(() => {}) })
    await vi.advanceTimersByTimeAsync(1000 + DIAGNOSE_TIMEOUT - 1)
    expect(hung.settled.ok).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(hung.settled.error).toMatchObject({ reason: 'no-handshake' })
  })

  it('a page that connects while the panel diagnoses is not unavailable', async () => {
    let answer!: (d: Diagnosis) => void
    const { life, settled, onUnavailable } = watch({
      diagnose: () =>
        new Promise((resolve) => {
          answer = resolve
        }),
    })
    load()
    await vi.advanceTimersByTimeAsync(5000)
    life.syn()
    answer({ reason: 'unreachable', detail: 'ECONNREFUSED' })
    life.initialized()
    await vi.advanceTimersByTimeAsync(0)
    expect(settled.ok).toBe(true)
    expect(onUnavailable).not.toHaveBeenCalled()
    expect(notice()).toBeNull()
  })
})

describe('checkReadyTimeout', () => {
  it.each([[0], [-1], [Number.NaN], [60_001], ['5000' as unknown as number]])(
    'refuses %s with INVALID_ARGUMENT',
    (value) => {
      expect(() => checkReadyTimeout(value)).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', field: 'readyTimeout' }),
      )
    },
  )
  it('defaults to READY_TIMEOUT, at most 15 s', () => {
    expect(checkReadyTimeout(undefined)).toBe(READY_TIMEOUT)
    expect(READY_TIMEOUT).toBeLessThanOrEqual(15_000)
    expect(checkReadyTimeout(2500)).toBe(2500)
  })
})
