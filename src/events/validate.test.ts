// Long: scenario tables for every validator, one describe each.
import { describe, expect, it } from 'vitest'
// The operations' own validators, in their folders: their scenario tables stay here, beside the
// shared rules they are built from.
import { validateFlow } from '../operations/flow/validate.js'
import { validateInitialize } from '../operations/initialize/validate.js'
import { validatePay } from '../operations/pay/validate.js'
import { validateDoctorService } from '../operations/payForDoctorService/validate.js'
import { validateRedirect } from '../operations/redirect/validate.js'
import { validateSubscribe } from '../operations/subscribe/validate.js'
import { PlatformError } from './errors.js'
import { HOST_TIMEOUTS } from './protocol.js'
import { isScopeName, MAX_SCOPE_NAME, SCOPES } from './scopes.js'
import { MIN_TOKEN_TIMEOUT } from './token.js'
import {
  MAX_DOCTOR_SERVICE_AMOUNT,
  MAX_PATH_LENGTH,
  MAX_PAYLOAD_BYTES,
  MAX_PAYLOAD_DEPTH,
  MAX_SCOPES,
  validateEmpty,
  validatePath,
  validatePayload,
  validateSessionToken,
} from './validate.js'

/** Runs `fn` and returns the PlatformError it throws; fails the test when it does not throw one. */
function thrown(fn: () => unknown): PlatformError {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformError)
    return error as PlatformError
  }
  throw new Error('expected a PlatformError, nothing was thrown')
}

/** Asserts `fn` throws INVALID_ARGUMENT naming `field`. */
function rejects(fn: () => unknown, field: string) {
  const error = thrown(fn)
  expect({ code: error.code, field: error.field }).toEqual({ code: 'INVALID_ARGUMENT', field })
  expect(error.message).toContain(field)
}

/** `depth` nested arrays around a 1: the 1 sits at depth `depth`. */
const nested = (depth: number): unknown => (depth === 0 ? 1 : [nested(depth - 1)])

describe('validateSessionToken', () => {
  it.each<[string, unknown, string]>([
    ['no argument', undefined, 'getSessionToken'],
    ['null', null, 'getSessionToken'],
    ['an array instead of the request', ['provider.profile.read'], 'getSessionToken'],
    ['scope missing', {}, 'scope'],
    ['scope an empty string', { scope: '' }, 'scope'],
    ['scope only spaces', { scope: '   ' }, 'scope'],
    [
      'a malformed name in a scope string',
      { scope: 'provider.profile.read Provider.X' },
      'scope[1]',
    ],
    [
      'a comma-separated scope string',
      { scope: 'provider.profile.read,user.profile.read' },
      'scope[0]',
    ],
    ['scope an object', { scope: { 0: 'provider.profile.read' } }, 'scope'],
    ['scope null', { scope: null }, 'scope'],
    ['scope empty', { scope: [] }, 'scope'],
    ['a malformed scope first', { scope: ['provider'] }, 'scope[0]'],
    ['a malformed scope second', { scope: ['provider.profile.read', 'nope'] }, 'scope[1]'],
    ['a scope in another case', { scope: ['Provider.Profile.Read'] }, 'scope[0]'],
    ['a scope with a trailing space', { scope: ['provider.profile.read '] }, 'scope[0]'],
    [
      'a number in the list',
      { scope: ['provider.profile.read', 'user.profile.read', 7] },
      'scope[2]',
    ],
    ['null in the list', { scope: [null] }, 'scope[0]'],
    ['too many entries', { scope: Array(MAX_SCOPES + 1).fill(SCOPES[0]) }, 'scope'],
    ['timeout a string', { scope: ['provider.profile.read'], timeout: '30000' }, 'timeout'],
    ['timeout negative', { scope: ['provider.profile.read'], timeout: -1 }, 'timeout'],
    ['timeout NaN', { scope: ['provider.profile.read'], timeout: Number.NaN }, 'timeout'],
    ['timeout null', { scope: ['provider.profile.read'], timeout: null }, 'timeout'],
    ['an extra field', { scope: ['provider.profile.read'], extra: 1 }, 'extra'],
    [
      'a __proto__ field from JSON',
      JSON.parse('{"scope":["user.profile.read"],"__proto__":{}}'),
      '__proto__',
    ],
  ])('refuses %s', (_, request, field) => {
    rejects(() => validateSessionToken(request), field)
  })

  it.each(SCOPES.map((s) => [s]))('accepts the scope %s', (scope) => {
    expect(validateSessionToken({ scope: [scope] })).toEqual({ scope: [scope] })
  })

  // The platform decides which scopes exist: any well-formed name passes, listed or not.
  it.each([
    'provider.appointment.webhook',
    'provider.future_thing.v2',
    'app.x',
    `a.${'b'.repeat(MAX_SCOPE_NAME - 2)}`,
  ])('accepts the well-formed scope name %s', (scope) => {
    expect(isScopeName(scope)).toBe(true)
    expect(validateSessionToken({ scope: ['provider.profile.read', scope] })).toEqual({
      scope: ['provider.profile.read', scope],
    })
  })

  it.each([
    ['one word', 'provider'],
    ['upper case', 'Provider.X'],
    ['all upper case', 'PROVIDER.PROFILE.READ'],
    ['a word starting with a digit', 'provider.2fa'],
    ['an empty word', 'provider..read'],
    ['a leading dot', '.provider.read'],
    ['a trailing dot', 'provider.read.'],
    ['a wildcard', 'provider.*'],
    ['a space inside', 'provider.profile read'],
    ['a dash', 'provider.profile-read'],
    ['non-ASCII letters', 'provider.پروفایل'],
    ['too long', `a.${'b'.repeat(MAX_SCOPE_NAME - 1)}`],
    ['empty', ''],
    ['__proto__', '__proto__'],
  ])('refuses a malformed scope name: %s', (_, scope) => {
    expect(isScopeName(scope)).toBe(false)
    const error = thrown(() => validateSessionToken({ scope: ['provider.profile.read', scope] }))
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'scope[1]' })
    expect(error.message).toContain('is not a scope name (dotted lowercase words)')
  })

  it('quotes at most 64 characters of a bad name', () => {
    const error = thrown(() => validateSessionToken({ scope: ['X'.repeat(100_000)] }))
    expect(error.message.length).toBeLessThan(150)
  })

  // The original SDK's form: one space-separated string.
  it.each<[string, string, string[]]>([
    ['one scope', 'provider.profile.read', ['provider.profile.read']],
    [
      'two',
      'provider.profile.read provider.appointment.webhook',
      ['provider.profile.read', 'provider.appointment.webhook'],
    ],
    [
      'extra spaces',
      '  user.profile.read   provider.sms.read ',
      ['user.profile.read', 'provider.sms.read'],
    ],
    ['a duplicate', 'user.profile.read user.profile.read', ['user.profile.read']],
  ])('accepts scope as a space-separated string: %s', (_, scope, expected) => {
    expect(validateSessionToken({ scope })).toEqual({ scope: expected })
  })

  it.each<[string, unknown, number | undefined]>([
    ['none', undefined, undefined],
    ['the original default, raised to the least', 30_000, MIN_TOKEN_TIMEOUT],
    ['zero, raised to the least', 0, MIN_TOKEN_TIMEOUT],
    ['five minutes, kept', 300_000, 300_000],
    ['an hour, cut to the host deadline', 3_600_000, HOST_TIMEOUTS.dialogCall],
    ['Infinity, cut to the host deadline', Number.POSITIVE_INFINITY, HOST_TIMEOUTS.dialogCall],
  ])('accepts timeout: %s', (_, timeout, expected) => {
    const out = validateSessionToken({ scope: ['provider.profile.read'], timeout })
    expect(out).toEqual(
      expected === undefined
        ? { scope: ['provider.profile.read'] }
        : { scope: ['provider.profile.read'], timeout: expected },
    )
  })

  it.each([12, 'app-1', undefined, null, { any: 'thing' }])(
    'accepts and ignores appId %j (the host knows the widget)',
    (appId) => {
      expect(validateSessionToken({ scope: ['provider.profile.read'], appId })).toEqual({
        scope: ['provider.profile.read'],
      })
    },
  )

  it.each<[string, string[], string[]]>([
    ['twice the same', ['user.profile.read', 'user.profile.read'], ['user.profile.read']],
    [
      'a duplicate among others, first order kept',
      ['provider.sms.read', 'user.profile.read', 'provider.sms.read'],
      ['provider.sms.read', 'user.profile.read'],
    ],
    ['every scope twice', [...SCOPES, ...SCOPES], [...SCOPES]],
  ])('dedupes %s', (_, scope, expected) => {
    expect(validateSessionToken({ scope })).toEqual({ scope: expected })
  })

  // Regression test, fixed bug (src/events/validate.ts, validateSessionToken): `scope.forEach` skips the holes of a
  // sparse array, and structured clone keeps holes, so `{ scope: [ , ] }` passes and comes out as
  // `{ scope: [undefined] }`. Fix: loop with an index (`for (let i = 0; i < scope.length; i++)`).
  it('refuses a sparse scope array (hole at scope[0])', () => {
    rejects(() => validateSessionToken({ scope: new Array(1) }), 'scope[0]')
  })
})

describe('validatePath', () => {
  const hostile: [string, unknown][] = [
    ['an absolute https URL', 'https://evil.com/'],
    ['an absolute http URL', 'http://evil.com'],
    ['a URL with a panel-like host', 'https://panel.example.evil.com/settings'],
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with a path', '//evil.com/settings'],
    ['three slashes', '///evil.com'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: in capitals', 'JAVASCRIPT:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'settings'],
    ['a dot-relative path', './settings'],
    ['a query only', '?next=//evil.com'],
    ['a fragment only', '#top'],
    ['empty', ''],
    ['a leading space', ' /settings'],
    ['backslash after the slash', '/\\evil.com'],
    ['backslash first', '\\\\evil.com'],
    ['a backslash inside', '/settings\\..\\admin'],
    ['encoded slashes', '/%2F%2Fevil.com'],
    ['encoded slash in lower case', '/%2f%2fevil.com'],
    ['encoded backslash', '/%5Cevil.com'],
    ['encoded backslash in lower case', '/%5cevil.com'],
    ['an encoded NUL', '/settings%00'],
    ['an encoded newline', '/settings%0a'],
    ['an encoded DEL', '/settings%7F'],
    ['an encoded C1 control (NEL, %C2%85)', '/settings%C2%85'],
    ['an encoded C1 control, lower case (%c2%9f)', '/settings%c2%9f'],
    ['an encoded U+2028 (%E2%80%A8)', '/settings%E2%80%A8'],
    ['an encoded U+2029 (%e2%80%a9)', '/settings%e2%80%a9'],
    ['an encoded tab', '/%09/evil.com'],
    ['a NUL', '/settings\u0000'],
    ['a tab before //', '/\t/evil.com'],
    ['a newline', '/settings\n'],
    ['a carriage return', '/\r/evil.com'],
    ['an escape character', '/\u001b[31m'],
    ['DEL', '/settings\u007f'],
    ['a C1 control (NEL)', '/settings\u0085'],
    ['U+2028 line separator', '/settings\u2028'],
    ['U+2029 paragraph separator', '/settings\u2029'],
    ['too long', `/${'a'.repeat(MAX_PATH_LENGTH)}`],
    ['a number', 42],
    ['null', null],
    ['undefined', undefined],
    ['an object', { toString: () => '/settings' }],
    ['a URL object', new URL('https://evil.com/')],
    ['an array', ['/settings']],
  ]

  it('has a big enough table of hostile paths', () => {
    expect(hostile.length).toBeGreaterThanOrEqual(25)
  })

  it.each(hostile)('refuses %s', (_, path) => {
    rejects(() => validatePath(path), 'path')
  })

  // Regression test, fixed bug (src/events/validate.ts, validatePath): only a *leading* `//` is refused, so dot segments
  // let a path resolve to the pathname `//evil.com` on the panel origin
  // (`new URL('/.//evil.com', origin).pathname === '//evil.com'`). A single-page panel that hands
  // that pathname to its router or to `location.assign` navigates to evil.com. A path must have
  // no `//`. Fix: refuse `//` anywhere, and `.`/`..` segments (also as `%2e`).
  it.each([
    ['a dot segment then //', '/.//evil.com'],
    ['a dot-dot segment then //', '/a/..//evil.com'],
    ['an encoded dot segment then //', '/%2e//evil.com'],
  ])('refuses %s, whose resolved pathname starts with //', (_, path) => {
    expect(new URL(path, 'https://panel.example').pathname.startsWith('//')).toBe(true)
    rejects(() => validatePath(path), 'path')
  })

  const valid = [
    '/',
    '/settings',
    '/appointments/2024-05-01',
    '/patients/42/records?tab=notes#latest',
    '/search?q=%D8%AF%DA%A9%D8%AA%D8%B1',
    '/نوبت‌ها',
    '/a-b_c.d~e',
    '/reports?from=2024-01-01&to=2024-02-01',
    '/javascript:alert(1)',
    '/@user',
    `/${'a'.repeat(MAX_PATH_LENGTH - 1)}`,
  ]

  it.each(valid.map((p) => [p.length > 60 ? `${p.slice(0, 20)}… (${p.length})` : p, p]))(
    'accepts the panel path %s',
    (_, path) => {
      expect(validatePath(path)).toBe(path)
      // and the host's resolution of it stays on the panel origin
      expect(new URL(path, 'https://panel.example').origin).toBe('https://panel.example')
    },
  )

  it('accepts exactly MAX_PATH_LENGTH characters and no more', () => {
    const path = `/${'x'.repeat(MAX_PATH_LENGTH - 1)}`
    expect(validatePath(path)).toBe(path)
    rejects(() => validatePath(`${path}x`), 'path')
  })
})

describe('validateRedirect', () => {
  it.each<[string, unknown, string]>([
    ['no argument', undefined, 'redirect'],
    ['a bare string', '/settings', 'redirect'],
    ['a hostile path', { path: '//evil.com' }, 'path'],
    ['a missing path', {}, 'path'],
    ['newContext as a string', { path: '/x', newContext: 'yes' }, 'newContext'],
    ['newContext as 1', { path: '/x', newContext: 1 }, 'newContext'],
    ['an extra field', { path: '/x', target: '_top' }, 'target'],
  ])('refuses %s', (_, request, field) => {
    rejects(() => validateRedirect(request), field)
  })

  it.each<[unknown, unknown]>([
    [{ path: '/x' }, { path: '/x' }],
    [
      { path: '/x', newContext: true },
      { path: '/x', newContext: true },
    ],
    [
      { path: '/x', newContext: false },
      { path: '/x', newContext: false },
    ],
    [{ path: '/x', newContext: undefined }, { path: '/x' }],
  ])('accepts %j', (request, expected) => {
    expect(validateRedirect(request)).toEqual(expected)
  })
})

describe('validateFlow', () => {
  it.each<[string, unknown, string]>([
    ['no argument', undefined, 'flow'],
    ['a missing key', {}, 'flowKey'],
    ['an unknown key', { flowKey: 'BOOKING.CANCEL' }, 'flowKey'],
    ['a key in lower case', { flowKey: 'booking.receipt' }, 'flowKey'],
    ['a key with a space', { flowKey: 'BOOKING.RECEIPT ' }, 'flowKey'],
    ['a key prefix', { flowKey: 'BOOKING' }, 'flowKey'],
    ['a number', { flowKey: 1 }, 'flowKey'],
    ['an array holding the key', { flowKey: ['BOOKING.RECEIPT'] }, 'flowKey'],
    ['options as a string', { flowKey: 'BOOKING.RECEIPT', options: 'x' }, 'options'],
    ['options as an array', { flowKey: 'BOOKING.RECEIPT', options: [] }, 'options'],
    ['options with a function', { flowKey: 'BOOKING.RECEIPT', options: { f() {} } }, 'options.f'],
    ['an extra field', { flowKey: 'BOOKING.RECEIPT', booking: 7 }, 'booking'],
  ])('refuses %s', (_, request, field) => {
    rejects(() => validateFlow(request), field)
  })

  it.each(['BOOKING.RECEIPT', 'BOOKING.ONLINE_VISIT_CHANNEL'])('accepts %s', (flowKey) => {
    expect(validateFlow({ flowKey })).toEqual({ flowKey })
    expect(validateFlow({ flowKey, options: { channel: 'video' } })).toEqual({
      flowKey,
      options: { channel: 'video' },
    })
  })
})

describe('validatePay', () => {
  it.each<[string, unknown, string]>([
    ['no argument', undefined, 'product_key'],
    ['null', null, 'pay'],
    ['a bare string', 'pro', 'pay'],
    ['an array', [{ product_key: 'pro' }], 'pay'],
    ['neither key', {}, 'product_key'],
    ['neither key, only a payload', { payload: 1 }, 'product_key'],
    ['both keys', { product_key: 'pro', receipt_id: 'r1' }, 'receipt_id'],
    ['both keys, one empty', { product_key: '', receipt_id: 'r1' }, 'receipt_id'],
    ['an extra field', { product_key: 'pro', amount: 1 }, 'amount'],
    [
      'a __proto__ field from JSON',
      JSON.parse('{"product_key":"pro","__proto__":{"x":1}}'),
      '__proto__',
    ],
    ['a constructor field', { product_key: 'pro', constructor: 'x' }, 'constructor'],
    ['a symbol key', { product_key: 'pro', [Symbol('s')]: 1 }, 'Symbol(s)'],
    [
      'a class instance',
      new (class {
        product_key = 'pro'
      })(),
      'pay',
    ],
    ['product_key a number', { product_key: 7 }, 'product_key'],
    ['product_key null', { product_key: null }, 'product_key'],
    ['product_key an object', { product_key: { toString: () => 'pro' } }, 'product_key'],
    ['receipt_id a number', { receipt_id: 7 }, 'receipt_id'],
    ['receipt_id true', { receipt_id: true }, 'receipt_id'],
    ['product_key empty', { product_key: '' }, 'product_key'],
    ['product_key with a space', { product_key: 'pro plan' }, 'product_key'],
    ['product_key with a tab', { product_key: 'pro\t' }, 'product_key'],
    ['product_key with a newline', { product_key: 'pro\n' }, 'product_key'],
    ['product_key with a NUL', { product_key: 'pro\u0000' }, 'product_key'],
    ['product_key with a no-break space', { product_key: 'pro\u00a0plan' }, 'product_key'],
    ['receipt_id with U+2028', { receipt_id: 'r\u2028' }, 'receipt_id'],
    ['receipt_id with a DEL', { receipt_id: 'r\u007f' }, 'receipt_id'],
    ['product_key of 129 characters', { product_key: 'k'.repeat(129) }, 'product_key'],
    ['a payload with a function', { product_key: 'pro', payload: { f: () => 1 } }, 'payload.f'],
  ])('refuses %s', (_, request, field) => {
    rejects(() => validatePay(request), field)
  })

  it.each<[string, unknown, unknown]>([
    ['a product', { product_key: 'pro' }, { product_key: 'pro' }],
    ['a receipt', { receipt_id: 'rcpt_1' }, { receipt_id: 'rcpt_1' }],
    ['a key of 128 characters', { product_key: 'k'.repeat(128) }, { product_key: 'k'.repeat(128) }],
    ['a Persian key', { product_key: 'اشتراک' }, { product_key: 'اشتراک' }],
    [
      'the other key undefined',
      { product_key: 'pro', receipt_id: undefined },
      { product_key: 'pro' },
    ],
    [
      'a payload',
      { receipt_id: 'r', payload: { order: 7 } },
      { receipt_id: 'r', payload: { order: 7 } },
    ],
    ['a payload undefined', { product_key: 'pro', payload: undefined }, { product_key: 'pro' }],
  ])('accepts %s', (_, request, expected) => {
    expect(validatePay(request)).toEqual(expected)
  })
})

describe('validateSubscribe', () => {
  it.each<[string, unknown, string]>([
    ['a bare string', 'monthly', 'subscribe'],
    ['plan_key a number', { plan_key: 1 }, 'plan_key'],
    ['plan_key null', { plan_key: null }, 'plan_key'],
    ['plan_key empty', { plan_key: '' }, 'plan_key'],
    ['plan_key with a space', { plan_key: 'month ly' }, 'plan_key'],
    ['plan_key with a control', { plan_key: 'monthly\u0007' }, 'plan_key'],
    ['an extra field', { plan_key: 'monthly', product_key: 'pro' }, 'product_key'],
    ['a __proto__ field from JSON', JSON.parse('{"__proto__":{"plan_key":"x"}}'), '__proto__'],
    ['a payload with a symbol', { payload: Symbol('x') }, 'payload'],
  ])('refuses %s', (_, request, field) => {
    rejects(() => validateSubscribe(request), field)
  })

  it.each<[string, unknown, unknown]>([
    ['no argument', undefined, {}],
    ['null', null, {}],
    ['an empty request', {}, {}],
    ['a plan', { plan_key: 'monthly' }, { plan_key: 'monthly' }],
    ['a payload alone', { payload: [1, 2] }, { payload: [1, 2] }],
    ['a plan and a payload', { plan_key: 'y', payload: 'p' }, { plan_key: 'y', payload: 'p' }],
  ])('accepts %s', (_, request, expected) => {
    expect(validateSubscribe(request)).toEqual(expected)
  })
})

describe('validateDoctorService', () => {
  it.each<[string, unknown]>([
    ['a fraction', 1000.5],
    ['a tiny fraction', 0.1],
    ['zero', 0],
    ['minus zero', -0],
    ['a negative number', -100],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['a numeric string', '1000'],
    ['a bigint', 1000n],
    ['null', null],
    ['missing', undefined],
    ['a boxed number', Object(1000)],
    ['one more than the maximum', MAX_DOCTOR_SERVICE_AMOUNT + 1],
    ['far above the maximum', Number.MAX_SAFE_INTEGER],
    ['a fraction just below the maximum', MAX_DOCTOR_SERVICE_AMOUNT - 0.5],
  ])('refuses an amount that is %s', (_, amount) => {
    rejects(() => validateDoctorService({ amount }), 'amount')
  })

  it.each<[string, unknown, string]>([
    ['no argument', undefined, 'payForDoctorService'],
    ['a bare number', 1000, 'payForDoctorService'],
    ['an extra field', { amount: 1000, vat: 30 }, 'vat'],
    ['a payload with a DOM node', { amount: 1000, payload: { el: document.body } }, 'payload.el'],
  ])('refuses %s', (_, request, field) => {
    rejects(() => validateDoctorService(request), field)
  })

  it.each([
    1,
    2,
    99,
    100,
    12345,
    500_000,
    MAX_DOCTOR_SERVICE_AMOUNT - 1,
    MAX_DOCTOR_SERVICE_AMOUNT,
  ])('accepts %d Rials', (amount) => {
    expect(validateDoctorService({ amount })).toEqual({ amount })
  })

  it('keeps the payload', () => {
    expect(validateDoctorService({ amount: 5, payload: { visit: 'v1' } })).toEqual({
      amount: 5,
      payload: { visit: 'v1' },
    })
  })
})

describe('validatePayload', () => {
  class Thing {
    x = 1
  }

  it.each<[string, unknown, string]>([
    ['a function', () => 1, 'payload'],
    ['a nested function', { a: { b: () => 1 } }, 'payload.a.b'],
    ['a function in an array', [1, () => 1], 'payload.1'],
    ['a symbol', Symbol('x'), 'payload'],
    ['a nested symbol', { s: Symbol('x') }, 'payload.s'],
    ['a symbol key', { [Symbol('k')]: 1 }, 'payload'],
    ['a DOM element', document.createElement('div'), 'payload'],
    ['a nested DOM node', { node: document.createTextNode('x') }, 'payload.node'],
    ['the window', { w: window }, 'payload.w'],
    ['a class instance', new Thing(), 'payload'],
    ['a nested class instance', { t: new Thing() }, 'payload.t'],
    ['a Promise', Promise.resolve(1), 'payload'],
    ['a RegExp', /x/, 'payload'],
    ['a WeakMap', new WeakMap(), 'payload'],
    ['a function inside a Map', new Map([['k', () => 1]]), 'payload'],
    ['a DOM node inside a Set', new Set([document.body]), 'payload'],
    ['a __proto__ key from JSON', JSON.parse('{"__proto__":{"admin":true}}'), 'payload.__proto__'],
    ['a nested __proto__ key', { a: JSON.parse('{"__proto__":1}') }, 'payload.a.__proto__'],
    ['nesting too deep', nested(MAX_PAYLOAD_DEPTH + 1), 'payload'],
    ['a string too large', 'x'.repeat(MAX_PAYLOAD_BYTES + 1), 'payload'],
    ['many small values', Array.from({ length: MAX_PAYLOAD_BYTES / 8 }, (_, i) => i), 'payload'],
    ['long keys', { ['k'.repeat(MAX_PAYLOAD_BYTES)]: 1 }, 'payload'],
    ['a large Map', new Map([['k', 'v'.repeat(MAX_PAYLOAD_BYTES)]]), 'payload'],
  ])('refuses %s', (_, payload, field) => {
    rejects(() => validatePayload(payload), field)
  })

  it('names the field it is given', () => {
    rejects(() => validatePayload({ f() {} }, 'options'), 'options.f')
  })

  const cyclic: Record<string, unknown> = { name: 'loop' }
  cyclic.self = cyclic
  const shared = { n: 1 }

  it.each<[string, unknown]>([
    ['undefined', undefined],
    ['null', null],
    ['a string', 'hello'],
    ['a number', 42],
    ['NaN', Number.NaN],
    ['a boolean', false],
    ['a bigint', 10n ** 20n],
    ['a plain object', { order: 7, items: ['a', 'b'], meta: { ok: true } }],
    ['a null-prototype object', Object.assign(Object.create(null), { a: 1 })],
    // biome-ignore lint/suspicious/noSparseArray: holes survive structured clone
    ['an array with holes', [1, , 3]],
    ['a shared reference', { a: shared, b: shared }],
    ['a Date', new Date(0)],
    [
      'a Map',
      new Map<unknown, unknown>([
        ['a', 1],
        [{ k: 1 }, [2]],
      ]),
    ],
    ['a Set', new Set([1, 'two', { three: 3 }])],
    ['an ArrayBuffer', new ArrayBuffer(16)],
    ['a Uint8Array', new Uint8Array([1, 2, 3])],
    ['a Float64Array', new Float64Array(4)],
    ['a DataView', new DataView(new ArrayBuffer(8))],
    ['nesting at the limit', nested(MAX_PAYLOAD_DEPTH)],
    ['a string at the size limit', 'x'.repeat(MAX_PAYLOAD_BYTES)],
  ])('accepts %s', (_, payload) => {
    expect(validatePayload(payload)).toBe(payload)
  })

  // Regression test, fixed bug (src/events/validate.ts, validatePayload): the byte length of an ArrayBuffer or typed
  // array is added to `size` after the size check and never checked again, so a binary payload of
  // any size passes unless some other value follows it. `MAX_PAYLOAD_BYTES` is documented as the
  // bound. Fix: check `size > MAX_PAYLOAD_BYTES` again right after `size += byteLength`.
  it.each<[string, unknown]>([
    ['a 1 MB Uint8Array', new Uint8Array(1024 * 1024)],
    ['a 1 MB ArrayBuffer in an object', { file: new ArrayBuffer(1024 * 1024) }],
  ])('refuses %s as too large', (_, payload) => {
    rejects(() => validatePayload(payload), 'payload')
  })

  // The budget is that of the expanded structure, as a listener's JSON.stringify sees it.
  it.each<[string, () => unknown]>([
    ['a cyclic object (it never ends when expanded)', () => cyclic],
    [
      'a DAG of 15 levels of 100 references each',
      () => {
        let dag: unknown = 'x'
        for (let i = 0; i < 15; i++) dag = Array(100).fill(dag)
        return dag
      },
    ],
    ['an empty array of length 2**32 - 1 (holes count)', () => new Array(2 ** 32 - 1)],
    ['a sparse array of length 3000', () => Object.assign([], { 2999: 1 })],
    [
      'one 9,000-character string referenced twice',
      () => {
        const s = 'x'.repeat(9000)
        return { a: s, b: s }
      },
    ],
    ['a Map of 10,000 entries', () => new Map(Array.from({ length: 10_000 }, (_, i) => [i, i]))],
  ])('refuses %s as too large', (_, make) => {
    rejects(() => validatePayload(make()), 'payload')
  })

  it('stops as soon as the budget is spent: a DAG of 10^30 paths is refused at once', () => {
    let dag: unknown = 1
    for (let i = 0; i < 15; i++) dag = Array(100).fill(dag)
    const started = performance.now()
    rejects(() => validatePayload(dag), 'payload')
    // Typically well under 1 ms; the bound is far above it.
    expect(performance.now() - started).toBeLessThan(100)
  })

  it('counts the byte length of a binary value followed by another value', () => {
    rejects(() => validatePayload([new Uint8Array(MAX_PAYLOAD_BYTES), 1]), 'payload')
  })
})

describe('validateInitialize', () => {
  it.each<[string, unknown, string]>([
    ['no argument', undefined, 'initialize'],
    ['a bare string', 'demo', 'initialize'],
    ['app_key missing', { protocol: 1 }, 'app_key'],
    ['app_key a number', { app_key: 7, protocol: 1 }, 'app_key'],
    ['app_key empty', { app_key: '', protocol: 1 }, 'app_key'],
    ['app_key with a space', { app_key: 'my widget', protocol: 1 }, 'app_key'],
    ['app_key with a slash', { app_key: 'a/b', protocol: 1 }, 'app_key'],
    ['app_key starting with a dot', { app_key: '.hidden', protocol: 1 }, 'app_key'],
    ['app_key starting with a dash', { app_key: '-x', protocol: 1 }, 'app_key'],
    ['app_key of 65 characters', { app_key: 'a'.repeat(65), protocol: 1 }, 'app_key'],
    ['app_key with a newline', { app_key: 'demo\n', protocol: 1 }, 'app_key'],
    ['app_key __proto__', { app_key: '__proto__', protocol: 1 }, 'app_key'],
    ['an extra field', { app_key: 'demo', protocol: 1, origin: '*' }, 'origin'],
  ])('refuses %s', (_, request, field) => {
    rejects(() => validateInitialize(request), field)
  })

  it.each<[unknown, unknown]>([
    [
      { app_key: 'demo', protocol: 1 },
      { app_key: 'demo', protocol: 1 },
    ],
    [
      { app_key: 'my-widget_2.0', protocol: 1 },
      { app_key: 'my-widget_2.0', protocol: 1 },
    ],
    [
      { app_key: 'a'.repeat(64), protocol: 1 },
      { app_key: 'a'.repeat(64), protocol: 1 },
    ],
    [{ app_key: 'demo' }, { app_key: 'demo', protocol: 0 }],
    [
      { app_key: 'demo', protocol: '1' },
      { app_key: 'demo', protocol: 0 },
    ],
  ])('accepts %j', (request, expected) => {
    expect(validateInitialize(request)).toEqual(expected)
  })
})

describe('validateEmpty', () => {
  it.each<[unknown]>([[undefined], [null], [{}]])('accepts %j', (value) => {
    expect(validateEmpty(value, 'activate')).toEqual({})
  })

  it.each<[string, unknown, string]>([
    ['a field', { count: 5 }, 'count'],
    ['a string', 'x', 'activate'],
    ['an array', [], 'activate'],
  ])('refuses %s', (_, value, field) => {
    rejects(() => validateEmpty(value, 'activate'), field)
  })
})
