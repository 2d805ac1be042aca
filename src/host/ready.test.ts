import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { isPlatformError } from '../events/index.js'
import { createMemoryBackend } from '../testing/memory-backend.js'
import { createHost } from './host.js'
import type { Host } from './host-api.js'
import type { HostOptions } from './types.js'

// `ready` as a panel meets it through `createHost` and `mount`: happy-dom loads no frame, so
// no page ever connects here (e2e/ready.spec.ts has the real pages).
let descriptor: PropertyDescriptor | undefined
let slot: HTMLElement
let host: Host | undefined
beforeEach(() => {
  descriptor = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow')
  Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
    configurable: true,
    get: () => ({ postMessage() {} }),
  })
  slot = document.createElement('div')
  document.body.append(slot)
})
afterEach(() => {
  host?.destroy()
  host = undefined
  vi.useRealTimers()
  if (descriptor) Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', descriptor)
  document.body.replaceChildren()
})

const make = (more: Partial<HostOptions> = {}) => {
  host = createHost({
    context: 'doctor-panel',
    panelOrigin: 'https://panel.example',
    backend: createMemoryBackend(),
    widgets: [{ app_key: 'w', url: 'https://w.example/app/', name: 'Weather', scopes: [] }],
    ...more,
  })
  return host
}

describe('MountedWidget.ready', () => {
  it('createHost refuses a readyTimeout that is not a time', () => {
    expect(() => make({ readyTimeout: 0 })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', field: 'readyTimeout' }),
    )
  })

  it('rejects with WIDGET_UNAVAILABLE and why; the notice, onUnresponsive and the trace say it', async () => {
    vi.useFakeTimers()
    const onUnresponsive = vi.fn()
    const onTrace = vi.fn()
    const widget = make({ readyTimeout: 2000, locale: 'en', onUnresponsive, onTrace }).mount(
      slot,
      'w',
    )
    let caught: unknown
    const done = widget.ready.catch((e: unknown) => {
      caught = e
    })
    await vi.advanceTimersByTimeAsync(2000)
    await done
    // What docs/panel.md tells a panel to write.
    expect(isPlatformError(caught, 'WIDGET_UNAVAILABLE') && caught.reason).toBe('no-handshake')
    const notice = slot.querySelector('[data-platform-no-answer]')!
    expect(notice.textContent).toBe('Weather did not respond.')
    expect(notice.getAttribute('lang')).toBe('en')
    expect(onUnresponsive).toHaveBeenCalledExactlyOnceWith({
      app_key: 'w',
      url: 'https://w.example/app/',
      notice,
      reason: 'no-handshake',
      detail: 'no page connected within 2000 ms of the mount',
    })
    expect(onTrace).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'widget',
        app_key: 'w',
        state: 'unavailable',
        reason: 'no-handshake',
      }),
    )
  })

  it("the panel's diagnose refines it; the notice says so in Persian", async () => {
    vi.useFakeTimers()
    const diagnose = vi.fn(async () => ({ reason: 'http-error' as const, status: 404 }))
    const widget = make({ readyTimeout: 1000, diagnose }).mount(slot, 'w')
    const outcome = widget.ready.catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(1000)
    expect(await outcome).toMatchObject({ reason: 'http-error', detail: 'HTTP 404' })
    expect(diagnose).toHaveBeenCalledWith('https://w.example/app/')
    const notice = slot.querySelector('[data-platform-no-answer]')!
    expect(notice.textContent).toBe('صفحهٔ ویجت Weather بارگذاری نشد (HTTP 404).')
    expect(notice.getAttribute('dir')).toBe('rtl')
  })

  it('unmount and destroy reject a pending ready with CONNECTION_CLOSED', async () => {
    const h = make()
    const a = h.mount(slot, 'w')
    a.unmount()
    await expect(a.ready).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' })
    const b = h.mount(slot, 'w')
    h.destroy()
    await expect(b.ready).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' })
  })
})
