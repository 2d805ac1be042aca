import { describe, expect, it } from 'vitest'
import {
  deserializeError,
  ErrorCode,
  invalid,
  isPlatformError,
  PlatformError,
  type SerializedError,
  serializeError,
} from './errors.js'

/** What the bridge does to a value: postMessage's structured clone. */
const overTheWire = <T>(value: T): T => structuredClone(value)

describe('PlatformError', () => {
  it('is an Error with name, code, message and field', () => {
    const error = new PlatformError(ErrorCode.INVALID_ARGUMENT, 'scope: bad', 'scope')
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({
      name: 'PlatformError',
      code: 'INVALID_ARGUMENT',
      message: 'scope: bad',
      field: 'scope',
    })
    expect(new PlatformError('TIMEOUT', 'late').field).toBeUndefined()
  })

  it('invalid() builds INVALID_ARGUMENT naming the field in the message too', () => {
    expect(invalid('payload.a', 'is bad')).toMatchObject({
      code: 'INVALID_ARGUMENT',
      field: 'payload.a',
      message: 'payload.a: is bad',
    })
  })

  it('has a code for every key, equal to its name', () => {
    for (const [key, value] of Object.entries(ErrorCode)) expect(value).toBe(key)
  })
})

describe('serializeError / deserializeError', () => {
  it.each(Object.values(ErrorCode).map((code) => [code]))(
    'round-trips %s through structured clone',
    (code) => {
      const original = new PlatformError(code, `message for ${code}`)
      const data = overTheWire(serializeError(original))
      expect(data).toEqual({ name: 'PlatformError', code, message: `message for ${code}` })
      const rebuilt = deserializeError(data)
      expect(rebuilt).toBeInstanceOf(PlatformError)
      expect(rebuilt).toMatchObject({ name: 'PlatformError', code, message: original.message })
      expect(rebuilt.field).toBeUndefined()
    },
  )

  it('keeps the field', () => {
    const data = overTheWire(serializeError(invalid('scope[1]', 'unknown scope "nope"')))
    expect(data).toEqual({
      name: 'PlatformError',
      code: 'INVALID_ARGUMENT',
      message: 'scope[1]: unknown scope "nope"',
      field: 'scope[1]',
    })
    expect(deserializeError(data)).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'scope[1]' })
  })

  it('sends plain data only: no stack, no prototype', () => {
    const data = serializeError(new PlatformError('TIMEOUT', 'late'))
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype)
    expect(Object.keys(data).sort()).toEqual(['code', 'message', 'name'])
  })

  it.each<[string, unknown, string]>([
    ['an Error', new Error('disk full'), 'disk full'],
    ['a TypeError', new TypeError('x is not a function'), 'x is not a function'],
    ['a string', 'boom', 'boom'],
    ['a number', 42, '42'],
    ['undefined', undefined, 'undefined'],
    ['null', null, 'null'],
    ['an error-like object', { code: 'TIMEOUT', message: 'looks typed' }, '[object Object]'],
  ])('serializes %s as BACKEND_ERROR', (_, thrown, message) => {
    const data = serializeError(thrown)
    expect(data).toEqual({ name: 'PlatformError', code: 'BACKEND_ERROR', message })
    expect(deserializeError(overTheWire(data))).toMatchObject({ code: 'BACKEND_ERROR', message })
  })

  it.each<[string, unknown, Partial<Omit<SerializedError, 'code'>> & { code?: string }]>([
    [
      'a code this version does not list (a newer host’s), kept',
      { code: 'NOT_A_CODE_YET', message: 'm' },
      { code: 'NOT_A_CODE_YET', message: 'm' },
    ],
    ['a code with a space', { code: 'NOT A CODE', message: 'm' }, { code: 'BACKEND_ERROR' }],
    [
      'a code too long to be one',
      { code: 'A'.repeat(65), message: 'm' },
      { code: 'BACKEND_ERROR' },
    ],
    ['an empty code', { code: '', message: 'm' }, { code: 'BACKEND_ERROR' }],
    ['a code in lower case', { code: 'timeout', message: 'm' }, { code: 'BACKEND_ERROR' }],
    [
      'a code inherited from Object',
      { code: 'constructor', message: 'm' },
      { code: 'BACKEND_ERROR' },
    ],
    [
      'a code __proto__',
      { code: '__proto__' },
      { code: 'BACKEND_ERROR', message: 'Unknown error' },
    ],
    ['a numeric code', { code: 7, message: 'm' }, { code: 'BACKEND_ERROR', message: 'm' }],
    ['no message', { code: 'TIMEOUT' }, { code: 'TIMEOUT', message: 'Unknown error' }],
    [
      'a message that is not a string',
      { code: 'TIMEOUT', message: { a: 1 } },
      { message: 'Unknown error' },
    ],
    [
      'a field that is not a string',
      { code: 'INVALID_ARGUMENT', message: 'm', field: 3 },
      { field: undefined },
    ],
    ['null', null, { code: 'BACKEND_ERROR', message: 'Unknown error' }],
    ['undefined', undefined, { code: 'BACKEND_ERROR', message: 'Unknown error' }],
    ['a string', 'TIMEOUT', { code: 'BACKEND_ERROR', message: 'Unknown error' }],
    ['an array', ['TIMEOUT'], { code: 'BACKEND_ERROR', message: 'Unknown error' }],
  ])('deserializes %s defensively', (_, data, expected) => {
    const error = deserializeError(data)
    expect(error).toBeInstanceOf(PlatformError)
    expect(error).toMatchObject(expected)
  })
})

describe('isPlatformError', () => {
  it.each<[string, unknown, string | undefined, boolean]>([
    ['a PlatformError', new PlatformError('TIMEOUT', 'late'), undefined, true],
    ['a PlatformError of the code', new PlatformError('TIMEOUT', 'late'), 'TIMEOUT', true],
    [
      'a PlatformError of another code',
      new PlatformError('TIMEOUT', 'late'),
      'USER_CLOSED_POPUP',
      false,
    ],
    // Another copy of the SDK (platform.js beside an npm import): same name, another class.
    [
      'one from another copy',
      Object.assign(new Error('x'), { name: 'PlatformError', code: 'TIMEOUT' }),
      'TIMEOUT',
      true,
    ],
    [
      'a plain Error with a code',
      Object.assign(new Error('x'), { code: 'TIMEOUT' }),
      'TIMEOUT',
      false,
    ],
    [
      'plain data that looks like one',
      { name: 'PlatformError', code: 'TIMEOUT' },
      undefined,
      false,
    ],
    ['undefined', undefined, undefined, false],
  ])('%s', (_, error, code, expected) => {
    expect(isPlatformError(error, code as never)).toBe(expected)
  })
})
