import { describe, expect, it } from 'vitest'
import { readDevConfig } from './dev-config-app.js'
import { topLevelPageProblem, topLevelPagesProblem } from './top-level-pages.js'

describe('a top-level page as a registration gives it', () => {
  it.each(['/', '/app/', '/app/start.html', '/settings', '/a%20b', '/%D8%B4', '/app/x.y-z_~'])(
    'takes %s',
    (path) => {
      expect(topLevelPageProblem(path)).toBeUndefined()
    },
  )

  it.each<[unknown, string]>([
    [42, 'expected a string'],
    ['', 'must start with "/"'],
    ['app/start.html', 'must start with "/"'],
    ['https://w.example/app/', 'must start with "/"'],
    ['//evil.example/app/', 'must not contain "//"'],
    ['/app//x', 'must not contain "//"'],
    ['/app\\x', 'backslash'],
    ['/app/\nx', 'control characters'],
    ['/app/%2fx', 'encoded slash'],
    ['/app/?oauth=success', 'no query'],
    ['/app/?', 'no query'],
    ['/app/#top', 'no fragment'],
    ['/app/x;a=b', '";"'],
    ['/app/x%3Bb', '";"'],
    ['/app/100%25', '"%25"'],
    ['/app/../x', 'as the browser reads it: "/x"'],
    ['/app/./x', 'as the browser reads it: "/app/x"'],
    ['/app/%2e%2e/x', 'as the browser reads it: "/x"'],
    ['/app/a b', 'as the browser reads it: "/app/a%20b"'],
    ['/ش', 'as the browser reads it: "/%D8%B4"'],
  ])('refuses %j: %s', (path, problem) => {
    expect(topLevelPageProblem(path)).toContain(problem)
  })

  it.each<[unknown, { at: string; problem: string } | undefined]>([
    [undefined, undefined],
    [[], undefined],
    [['/a', '/b'], undefined],
    ['/a', { at: '', problem: 'expected an array of paths such as "/app/start.html"' }],
    [['/a', 'b'], { at: '[1]', problem: expect.stringContaining('must start with "/"') }],
    [['/a', '/b', '/a'], { at: '[2]', problem: '"/a" is listed twice' }],
  ])('a list %j: %j', (pages, found) => {
    expect(topLevelPagesProblem(pages)).toEqual(found)
  })
})

describe('topLevelPages in a dev config', () => {
  const config = (topLevelPages: unknown) => ({
    apps: [
      { app_key: 'a', url: 'http://localhost:5001/a/' },
      { app_key: 'b', url: 'http://localhost:5002/b/', topLevelPages },
    ],
  })

  it('is a known key, kept as given', () => {
    expect(readDevConfig(config(['/b/', '/b/start.html'])).apps[1]).toMatchObject({
      topLevelPages: ['/b/', '/b/start.html'],
    })
  })

  it.each<[unknown, string]>([
    [['/b/', 'start.html'], 'apps[1].topLevelPages[1]: must start with "/"'],
    [['/b/?oauth=success'], 'apps[1].topLevelPages[0]: must have no query'],
    [['/b/../x'], 'apps[1].topLevelPages[0]: must be written as the browser reads it: "/x"'],
    ['/b/', 'apps[1].topLevelPages: expected an array'],
  ])('refuses %j with the path of the mistake', (pages, message) => {
    expect(() => readDevConfig(config(pages))).toThrow(message)
  })

  it('suggests the key for a slip of it', () => {
    expect(() => readDevConfig({ apps: [{ app_key: 'a', toplevelPages: ['/'] }] })).toThrow(
      'apps[0].toplevelPages: unknown key "toplevelPages"; did you mean "topLevelPages"?',
    )
  })
})
