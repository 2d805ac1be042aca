import { describe, expect, it, onTestFinished } from 'vitest'
import { PlatformError } from '../events/index.js'
import {
  matchPage,
  mountUrl,
  pageRequest,
  pageUrl,
  type WidgetPage,
  widgetPageUrl,
} from '../host-kit/pages.js'
import { createMemoryBackend } from '../testing/memory-backend.js'
import { createHost } from './host.js'
import { checkPages } from './page-registration.js'

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

const PAGES: WidgetPage[] = [
  { key: 'launcher', embed_src: 'https://w.example/app/?view=launcher&direct=false' },
  { key: 'visit', embed_src: 'https://w.example/app/visits/{{id}}?tab=a', parameters: ['id'] },
  {
    key: 'visit',
    embed_src: 'https://w.example/app/visits/{{id}}/notes/{{note}}',
    parameters: ['id', 'note'],
  },
  { key: 'search', embed_src: 'https://w.example/app/find?q={{term}}', parameters: ['term'] },
]
const WIDGET = { app_key: 'w', url: 'https://w.example/app/', pages: PAGES }

describe('a page by key and parameter count', () => {
  it.each([
    ['launcher', 0, PAGES[0]],
    ['visit', 1, PAGES[1]],
    ['visit', 2, PAGES[2]],
    ['visit', 0, undefined],
    ['visit', 3, undefined],
    ['launcher', 1, undefined],
    ['Launcher', 0, undefined],
    ['settings', 0, undefined],
  ])('%s with %d parameter(s)', (key, count, page) => {
    expect(matchPage(PAGES, key, count)).toBe(page)
  })
})

describe('the route of a page', () => {
  it.each([
    ['launcher/?direct=true', { page: 'launcher', params: [], query: '?direct=true' }],
    ['/launcher', { page: 'launcher', params: [], query: '' }],
    ['visit/42', { page: 'visit', params: ['42'], query: '' }],
    ['visit/42/notes#x', { page: 'visit', params: ['42', 'notes'], query: '' }],
    ['visit/a%20b/', { page: 'visit', params: ['a b'], query: '' }],
    ['?direct=true', { page: '', params: [], query: '?direct=true' }],
  ])('%s', (path, request) => {
    expect(pageRequest(path)).toEqual(request)
  })

  it.each([
    ['an encoded slash', 'visit/a%2fb'],
    ['a double slash', 'visit//x'],
    ['a backslash', 'visit/a\\b'],
    ['a control character', 'visit/a\nb'],
    ['an encoded control character', 'visit/a%0ab'],
    ['a malformed escape', 'visit/%e0%a4'],
  ])('refuses %s', (_, path) => {
    expect(() => pageRequest(path)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }))
  })
})

describe("a page's URL", () => {
  it.each([
    [
      'placeholders filled in order',
      PAGES[2],
      ['42', 'n7'],
      undefined,
      'https://w.example/app/visits/42/notes/n7',
    ],
    [
      'a value encoded as one segment',
      PAGES[1],
      ['a b?c#d'],
      undefined,
      'https://w.example/app/visits/a%20b%3Fc%23d?tab=a',
    ],
    [
      'a placeholder in the query',
      PAGES[3],
      ['x&y=1'],
      undefined,
      'https://w.example/app/find?q=x%26y%3D1',
    ],
    [
      'the request’s keys win',
      PAGES[0],
      [],
      '?direct=true',
      'https://w.example/app/?view=launcher&direct=true',
    ],
    [
      'a key of its own added',
      PAGES[1],
      ['7'],
      { lang: 'fa' },
      'https://w.example/app/visits/7?tab=a&lang=fa',
    ],
    [
      'every value of a repeated key',
      PAGES[1],
      ['7'],
      'tab=b&tab=c',
      'https://w.example/app/visits/7?tab=b&tab=c',
    ],
    [
      'no query, the page’s own',
      PAGES[0],
      [],
      '',
      'https://w.example/app/?view=launcher&direct=false',
    ],
  ])('%s', (_, page, params, query, url) => {
    expect(pageUrl(page!, params, query)).toBe(url)
  })

  it.each([
    ['a slash', 'a/b'],
    ['a backslash', 'a\\b'],
    ['a dot segment', '..'],
    ['a single dot', '.'],
    ['an empty segment', ''],
    ['a control character', 'a\u0000b'],
    ['a line separator', 'a\u2028b'],
    ['not a string', 42],
  ])('refuses a parameter with %s', (_, value) => {
    expect(() => pageUrl(PAGES[1]!, [value])).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', field: 'params[0]' }),
    )
  })

  it('refuses another number of parameters', () => {
    expect(() => pageUrl(PAGES[1]!, [])).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', field: 'params' }),
    )
  })
})

describe('the URL a mount shows', () => {
  it.each([
    ['the root', {}, 'https://w.example/app/'],
    ['the root by an empty path', { path: '' }, 'https://w.example/app/'],
    ['the root with a query', { path: '?direct=true' }, 'https://w.example/app/?direct=true'],
    [
      'a page by key',
      { page: 'launcher', query: '?direct=true' },
      'https://w.example/app/?view=launcher&direct=true',
    ],
    [
      'a page by a route path',
      { path: 'launcher/?direct=true' },
      'https://w.example/app/?view=launcher&direct=true',
    ],
    [
      'a page with a parameter',
      { page: 'visit', params: ['9'] },
      'https://w.example/app/visits/9?tab=a',
    ],
    [
      'a route path’s encoded segment',
      { path: 'visit/a%20b' },
      'https://w.example/app/visits/a%20b?tab=a',
    ],
  ])('%s', (_, options, url) => {
    expect(mountUrl(WIDGET, options)).toBe(url)
  })

  it.each([
    ['an unknown key', { page: 'settings' }],
    ['a wrong count', { page: 'visit', params: ['1', '2', '3'] }],
    ['an unknown key by path (not a path below the URL)', { path: 'launcher2/' }],
    ['a wrong count by path', { path: 'launcher/extra' }],
  ])('refuses %s', (_, options) => {
    expect(() => mountUrl(WIDGET, options)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', field: 'page' }),
    )
  })

  it.each([
    ['an encoded climb', { path: 'visit/%2e%2e' }, 'params[0]'],
    ['an encoded slash', { path: 'visit/..%2fadmin' }, 'path'],
    ['page and path', { page: 'launcher', path: 'launcher/' }, 'page'],
  ])('refuses %s', (_, options, field) => {
    expect(() => mountUrl(WIDGET, options)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', field }),
    )
  })

  it('reads a path below the URL for a widget without pages', () => {
    expect(mountUrl({ app_key: 'w', url: 'https://w.example/app/' }, { path: 'launcher/' })).toBe(
      'https://w.example/app/launcher/',
    )
  })
})

describe('the registration of pages', () => {
  const origin = 'https://w.example'
  it('keeps well-formed pages, names cleaned', () => {
    expect(
      checkPages(
        'w',
        origin,
        [{ key: 'launcher', embed_src: 'https://w.example/', name: 'L\u202e' }],
        (t) => t.replace('\u202e', ''),
      ),
    ).toEqual([{ key: 'launcher', embed_src: 'https://w.example/', name: 'L' }])
  })

  it.each([
    ['not an array', {}, 'pages'],
    ['an entry not an object', [7], 'pages[0]'],
    ['a key with a slash', [{ key: 'a/b', embed_src: 'https://w.example/' }], 'pages[0].key'],
    ['a dot key', [{ key: '..', embed_src: 'https://w.example/' }], 'pages[0].key'],
    ['another origin', [{ key: 'a', embed_src: 'https://evil.example/' }], 'pages[0].embed_src'],
    [
      'a placeholder in the host',
      [{ key: 'a', embed_src: 'https://{{h}}.example/', parameters: ['h'] }],
      'pages[0].embed_src',
    ],
    [
      'a placeholder right after the origin',
      [{ key: 'a', embed_src: 'https://w.example{{h}}/', parameters: ['h'] }],
      'pages[0].embed_src',
    ],
    ['a relative URL', [{ key: 'a', embed_src: '/launcher/' }], 'pages[0].embed_src'],
    [
      'an undeclared placeholder',
      [{ key: 'a', embed_src: 'https://w.example/{{id}}' }],
      'pages[0].embed_src',
    ],
    [
      'an unused parameter',
      [{ key: 'a', embed_src: 'https://w.example/', parameters: ['id'] }],
      'pages[0].parameters',
    ],
    [
      'a bad parameter name',
      [{ key: 'a', embed_src: 'https://w.example/{{a-b}}', parameters: ['a-b'] }],
      'pages[0].parameters',
    ],
    [
      'a key twice with one count',
      [
        { key: 'a', embed_src: 'https://w.example/1' },
        { key: 'a', embed_src: 'https://w.example/2' },
      ],
      'pages[1].key',
    ],
  ])('refuses %s, naming the entry', (_, pages, field) => {
    expect(() => checkPages('w', origin, pages)).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        field,
        message: expect.stringContaining('w: '),
      }),
    )
  })

  it('createHost refuses a page on another origin, naming the widget and the entry', () => {
    expect(() =>
      createHost({
        context: 'doctor-panel',
        panelOrigin: 'https://panel.example',
        backend: createMemoryBackend(),
        widgets: [
          {
            app_key: 'w',
            url: 'https://w.example/app/',
            name: 'W',
            scopes: [],
            pages: [{ key: 'launcher', embed_src: 'https://evil.example/launcher' }],
          },
        ],
      }),
    ).toThrow(/pages\[0\]\.embed_src: w: must be on the widget's origin https:\/\/w\.example/)
  })
})
