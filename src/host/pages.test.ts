import { describe, expect, it, onTestFinished } from 'vitest'
import { PlatformError } from '../events/index.js'
import { createMemoryBackend } from '../testing/memory-backend.js'
import { createHost } from './host.js'
import { widgetPageUrl } from './pages.js'

describe('widgetPageUrl', () => {
  it.each([
    [
      'http://localhost:5173/',
      'launcher/?direct=true',
      'http://localhost:5173/launcher/?direct=true',
    ],
    ['http://localhost:5173/', '/launcher/', 'http://localhost:5173/launcher/'],
    ['http://localhost:5173/', '', 'http://localhost:5173/'],
    ['https://w.example/app/index.html', 'launcher/', 'https://w.example/app/launcher/'],
    ['https://w.example/app/', 'a/b.html?x=1&y=%20', 'https://w.example/app/a/b.html?x=1&y=%20'],
    ['https://w.example/app/', '?direct=true', 'https://w.example/app/?direct=true'],
    ['https://w.example/app/', 'settings#tab', 'https://w.example/app/settings#tab'],
  ])('%s + %s is %s', (registered, path, url) => {
    expect(widgetPageUrl(registered, path)).toBe(url)
  })

  it.each([
    ['a climb', '../admin'],
    ['a climb after a folder', 'a/../../x'],
    ['a dot segment', './x'],
    ['an encoded climb', '%2e%2e/x'],
    ['a half-encoded climb', '.%2E/x'],
    ['a protocol-relative URL', '//evil.example/'],
    ['a double slash inside', 'a//evil.example'],
    ['a backslash', '\\\\evil.example'],
    ['an encoded slash', '..%2fx'],
    ['an encoded backslash', 'a%5c..%5cx'],
    ['a control character', 'a\nb'],
    ['an absolute URL', 'https://evil.example/'],
    ['a scheme', 'javascript:alert(1)'],
    ['not a string', 7],
  ])('refuses %s', (_, path) => {
    const call = () => widgetPageUrl('https://w.example/app/', path)
    expect(call).toThrow(PlatformError)
    try {
      call()
    } catch (error) {
      expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'path' })
    }
  })
})

describe('mount with a path', () => {
  const host = () =>
    createHost({
      context: 'doctor-panel',
      panelOrigin: 'https://panel.example',
      backend: createMemoryBackend(),
      widgets: [{ app_key: 'w', url: 'https://w.example/app/', name: 'W', scopes: [] }],
    })

  it("shows the widget's page below its registered URL, query kept", () => {
    // happy-dom loads no frame: the frame's window is a stand-in that receives nothing here.
    const descriptor = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow')
    Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
      configurable: true,
      get: () => ({ postMessage() {} }),
    })
    onTestFinished(() => {
      if (descriptor)
        Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', descriptor)
    })
    const h = host()
    const slot = document.createElement('div')
    document.body.append(slot)
    const mounted = h.mount(slot, 'w', { path: 'launcher/?direct=true' })
    expect(mounted.iframe.getAttribute('src')).toBe('https://w.example/app/launcher/?direct=true')
    h.destroy()
    slot.remove()
  })

  it('refuses a path that climbs out, and leaves nothing in the page', () => {
    const h = host()
    const slot = document.createElement('div')
    document.body.append(slot)
    expect(() => h.mount(slot, 'w', { path: '../admin/' })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', field: 'path' }),
    )
    expect(slot.children).toHaveLength(0)
    h.destroy()
    slot.remove()
  })
})
