// A console value in words: what the report quotes of a page's console, in every engine.
import { describe, expect, it } from 'vitest'
import { fromRemote } from './page-firefox.js'
import { inWords } from './words.js'

describe('a console value in words', () => {
  it.each([
    ['a string', 'Init error:', 'Init error:'],
    ['an Error, by its message', new TypeError('Failed to fetch'), 'Failed to fetch'],
    [
      "the SDK's error, with its code",
      Object.assign(new Error('bound to "w"'), { code: 'APP_KEY_MISMATCH' }),
      'APP_KEY_MISMATCH: bound to "w"',
    ],
    ['an object, as JSON', { retries: 2, ok: false }, '{"retries":2,"ok":false}'],
    ['an array, as JSON', [1, 'a'], '[1,"a"]'],
    ['an event, by its type', new Event('error'), 'error event'],
    ['a number', 42, '42'],
    ['undefined', undefined, 'undefined'],
  ])('%s', (_, value, words) => {
    expect(inWords(value)).toBe(words)
  })

  it('says an object that JSON cannot hold, and cuts a long one', () => {
    const loop: Record<string, unknown> = {}
    loop.self = loop
    expect(inWords(loop)).toBe('[object Object]')
    expect(inWords('x'.repeat(600))).toHaveLength(500)
  })

  it("reads Firefox's serialised values the same way, never JSHandle@…", () => {
    const object = {
      type: 'object',
      value: [
        ['retries', { type: 'number', value: 2 }],
        ['ok', { type: 'boolean', value: false }],
      ],
    }
    expect(fromRemote(object)).toBe('{"retries":2,"ok":false}')
    expect(fromRemote({ type: 'string', value: 'Init error:' })).toBe('Init error:')
    expect(fromRemote({ type: 'number', value: 'NaN' })).toBe('NaN')
    expect(fromRemote({ type: 'error' })).toBe('Error')
  })
})
