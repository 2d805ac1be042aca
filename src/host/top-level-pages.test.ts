import { describe, expect, it } from 'vitest'
import { createMemoryBackend } from '../testing/memory-backend.js'
import { createHost } from './host.js'
import { checkTopLevelPages, topLevelReturn } from './top-level-pages.js'

const widget = (topLevelPages?: unknown) => ({
  app_key: 'cal',
  url: 'https://cal.example/app/',
  name: 'Calendar',
  scopes: [],
  ...(topLevelPages === undefined ? {} : { topLevelPages: topLevelPages as string[] }),
})

describe('checkTopLevelPages, as createHost and runSignIn register widgets', () => {
  it('takes absent, empty and good lists', () => {
    expect(() =>
      checkTopLevelPages([widget(), widget([]), widget(['/app/', '/app/start.html', '/'])]),
    ).not.toThrow()
  })

  it.each<[unknown, string, string]>([
    ['/app/', 'widgets[1].topLevelPages', 'expected an array'],
    [['/app/', 'start.html'], 'widgets[1].topLevelPages[1]', 'must start with "/"'],
    [['/app/?oauth=success'], 'widgets[1].topLevelPages[0]', 'no query'],
    [['/app/#x'], 'widgets[1].topLevelPages[0]', 'no fragment'],
    [['/app/..;/x'], 'widgets[1].topLevelPages[0]', '";"'],
    [['/app/%2e%2e/x'], 'widgets[1].topLevelPages[0]', 'as the browser reads it: "/x"'],
    [['/app/', '/app/'], 'widgets[1].topLevelPages[1]', 'listed twice'],
  ])('refuses %j, naming %s', (pages, field, problem) => {
    expect(() => checkTopLevelPages([widget(['/']), widget(pages)])).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        field,
        message: expect.stringMatching(
          new RegExp(
            `^${field.replace(/[[\]]/g, '\\$&')}: cal: .*${problem.replace(/[.?*()]/g, '\\$&')}`,
          ),
        ),
      }),
    )
  })

  it('createHost refuses a bad entry, naming the widget and the entry', () => {
    expect(() =>
      createHost({
        context: 'doctor-panel',
        panelOrigin: 'https://panel.example',
        backend: createMemoryBackend(),
        widgets: [widget(['/app/start.html?x=1'])],
      }),
    ).toThrow(/^widgets\[0\]\.topLevelPages\[0\]: cal: must have no query/)
  })
})

describe('topLevelReturn, the exact compare', () => {
  const registered = widget(['/app/', '/app/start.html', '/a%20b'])

  it.each([
    ['/app/', 'https://cal.example/app/'],
    ['/app/start.html', 'https://cal.example/app/start.html'],
    ['/a b', 'https://cal.example/a%20b'],
    // Dot segments are gone once resolved (the request's own rules refuse them before).
    ['/app/x/../start.html', 'https://cal.example/app/start.html'],
  ])('%s is %s', (path, url) => {
    expect(topLevelReturn(registered, path)).toBe(url)
  })

  it.each([
    '/app',
    '/App/',
    '/app/start.html/',
    '/app/START.HTML',
    '/app/start%2Ehtml',
    '/app/redir',
  ])('refuses %s, naming the list', (path) => {
    expect(() => topLevelReturn(registered, path)).toThrow(
      expect.objectContaining({
        field: 'return',
        message:
          "return: must be one of the widget's registered top-level pages: /app/, /app/start.html, /a%20b",
      }),
    )
  })

  it('refuses every path of a widget that registers none', () => {
    expect(() => topLevelReturn(widget(), '/app/')).toThrow(/registers no top-level pages/)
  })
})
