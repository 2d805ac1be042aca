// Long: the hostile-input tables of every host method, one describe each.
/**
 * Hostile input: a table of bad calls across every SDK operation, each made through the real SDK
 * to a real host, and again straight to the host from a raw penpal peer (a modified SDK). For
 * each: the typed error naming the field, no dialog, no effect, and the next valid call works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ErrorCode,
  MAX_PAYLOAD_BYTES,
  MAX_PAYLOAD_DEPTH,
  MAX_SCOPES,
} from '../src/events/index.js'
import { PROTOCOL_VERSION } from '../src/events/wire.js'
import type { HostContext } from '../src/host/index.js'
import type { SdkPath } from '../src/operations/index.js'
import { type Platform, PlatformError } from '../src/sdk/index.js'
import {
  browserLikeStructuredClone,
  confirmDialog,
  dialogCounter,
  flush,
  MARKUP_WIDGETS,
  nested,
  openDialog,
  effectsOf as panelEffects,
  rawPeer,
  rig,
  sdkOps,
  type Valid,
  validCalls,
} from './support/index.js'

/** The hostile suites register widgets whose display strings all carry markup. */
const hostile = { widgets: MARKUP_WIDGETS }

/**
 * Every SDK call of the operation table: its host method and a context where it has an effect.
 * Derived, so a row added to the table is a call these tables must cover (`VALID` is typed by
 * it, and the coverage tests below count it).
 */
const OPS = sdkOps() as Record<Op, { method: string; context: HostContext }>

type Op = SdkPath

/** Outside pages the host opened (its `openTab` hook): `openLink`'s effect. */
const opened: string[] = []
const openTab = (url: string) => {
  opened.push(url)
  return true
}
/** {@link effectsOf}, with the links opened and the doctor's profile. */
const effectsOf = (t: Parameters<typeof panelEffects>[0]) => ({
  ...panelEffects(t),
  links: opened.length,
  profile: t.backend.profileWidgets.size,
  purges: t.backend.profilePurges,
})

/** How the host answers the same request sent raw, when that differs from the SDK's answer. */
type HostView =
  /** The raw peer cannot even post it: structured clone refuses it at the sender. */
  | 'unsendable'
  /** Only the SDK can see this mistake (or the row is about SDK state); no host row. */
  | 'sdk-only'
  | { code: ErrorCode; field?: string; says?: RegExp }

interface Row {
  op: Op
  what: string
  args: unknown[]
  code: ErrorCode
  /** `PlatformError.field`; the message must contain it too. */
  field?: string
  /** Text the message must match: pins which check refused the call. */
  says?: RegExp
  /** `fresh`: no initialize first; `destroyed`: initialize, then `platform.destroy()`. */
  state?: 'ready' | 'fresh' | 'destroyed'
  host?: HostView
  /** The code this row got before a bug was fixed: the row pins the fix. */
  was?: string
}

const PROFILE = 'provider.profile.read'
const big = (n: number) => 'x'.repeat(n)
const json = (text: string) => JSON.parse(text) as Record<string, unknown>
/** Created lazily: DOM nodes need the happy-dom document. */
const node = () => document.createElement('div')

const rows: Row[] = []
const add = (
  op: Op,
  what: string,
  args: unknown[],
  code: ErrorCode,
  field?: string,
  more: Partial<Row> = {},
) => rows.push({ op, what, args, code, ...(field === undefined ? {} : { field }), ...more })
const bad = (op: Op, what: string, args: unknown[], field: string, more: Partial<Row> = {}) =>
  add(op, what, args, 'INVALID_ARGUMENT', field, more)

// --- initialize --------------------------------------------------------------------------------
{
  const op: Op = 'initialize'
  const fresh = { state: 'fresh' } as const
  bad(op, 'no argument', [], 'app_key', fresh)
  bad(op, 'null', [null], 'app_key', fresh)
  // A bare key string and `{ clientKey }` are the original SDK's forms (test/compat.test.ts).
  bad(op, 'an empty bare string', [''], 'app_key', {
    ...fresh,
    says: /widget key/,
  })
  bad(op, 'clientKey a number', [{ clientKey: 7 }], 'clientKey', {
    ...fresh,
    host: { code: 'INVALID_ARGUMENT', field: 'app_key' },
  })
  bad(op, 'a number instead of the key', [7], 'app_key', fresh)
  bad(op, 'an empty object', [{}], 'app_key', fresh)
  bad(op, 'app_key a number', [{ app_key: 7 }], 'app_key', fresh)
  bad(op, 'app_key null', [{ app_key: null }], 'app_key', fresh)
  bad(op, 'app_key an array', [{ app_key: ['demo'] }], 'app_key', fresh)
  bad(op, 'app_key a String object', [{ app_key: new String('demo') }], 'app_key', fresh)
  bad(op, 'app_key an object with toString', [{ app_key: { toString: () => 'demo' } }], 'app_key', {
    ...fresh,
    host: 'unsendable',
  })
  bad(op, 'app_key a symbol', [{ app_key: Symbol('demo') }], 'app_key', {
    ...fresh,
    host: 'unsendable',
  })
  bad(op, 'app_key a function', [{ app_key: () => 'demo' }], 'app_key', {
    ...fresh,
    host: 'unsendable',
  })
  bad(op, 'app_key empty', [{ app_key: '' }], 'app_key', { ...fresh, says: /widget key/ })
  bad(op, 'app_key huge', [{ app_key: big(100_000) }], 'app_key', fresh)
  bad(op, 'app_key with a leading space', [{ app_key: ' demo' }], 'app_key', fresh)
  bad(op, 'app_key with a NUL', [{ app_key: 'demo\u0000' }], 'app_key', fresh)
  bad(op, 'app_key with a path', [{ app_key: '../other' }], 'app_key', fresh)
  bad(op, 'app_key __proto__', [{ app_key: '__proto__' }], 'app_key', fresh)
  bad(
    op,
    'app_key only under a JSON __proto__ key',
    [json('{"__proto__":{"app_key":"demo"}}')],
    'app_key',
    fresh,
  )
  add(op, 'app_key constructor', [{ app_key: 'constructor' }], 'APP_KEY_MISMATCH', undefined, {
    ...fresh,
    says: /"constructor"/,
  })
  add(
    op,
    'another registered widget’s app_key',
    [{ app_key: 'other' }],
    'APP_KEY_MISMATCH',
    undefined,
    {
      ...fresh,
      says: /bound to "demo", not "other"/,
    },
  )
  add(op, 'app_key in another case', [{ app_key: 'DEMO' }], 'APP_KEY_MISMATCH', undefined, {
    ...fresh,
    says: /"DEMO"/,
  })
  add(
    op,
    'a second initialize with another app_key',
    [{ app_key: 'other' }],
    'ALREADY_INITIALIZED',
    undefined,
    {
      says: /"demo"/,
      host: { code: 'APP_KEY_MISMATCH', says: /"other"/ },
    },
  )
}

// --- getSessionToken ---------------------------------------------------------------------------
{
  const op: Op = 'getSessionToken'
  bad(op, 'no argument', [], 'getSessionToken', { says: /expected an object/ })
  bad(op, 'null', [null], 'getSessionToken')
  bad(op, 'a bare scope string', [PROFILE], 'getSessionToken')
  bad(op, 'an array instead of the request', [[PROFILE]], 'getSessionToken')
  bad(op, 'no scope', [{}], 'scope', { says: /expected an array/ })
  // One space-separated string is the original SDK's form: the host splits it.
  bad(op, 'scope an empty string', [{ scope: '' }], 'scope', { says: /at least one/ })
  bad(op, 'a malformed name in a scope string', [{ scope: `${PROFILE} Provider.X` }], 'scope[1]', {
    says: /"Provider.X" is not a scope name/,
  })
  bad(op, 'timeout a string', [{ scope: [PROFILE], timeout: 'soon' }], 'timeout')
  bad(op, 'timeout negative', [{ scope: [PROFILE], timeout: -5 }], 'timeout')
  bad(op, 'scope null', [{ scope: null }], 'scope')
  bad(op, 'scope an array-like object', [{ scope: { 0: PROFILE, length: 1 } }], 'scope')
  bad(op, 'an empty scope list', [{ scope: [] }], 'scope', { says: /at least one/ })
  bad(op, 'an empty scope name', [{ scope: [''] }], 'scope[0]')
  bad(op, 'an unknown scope', [{ scope: ['nope'] }], 'scope[0]', { says: /"nope"/ })
  bad(
    op,
    'an unknown scope after a good one',
    [{ scope: [PROFILE, 'PROVIDER.PROFILE.READ'] }],
    'scope[1]',
  )
  bad(op, 'a scope with a trailing space', [{ scope: [`${PROFILE} `] }], 'scope[0]')
  bad(op, 'a wildcard scope', [{ scope: ['provider.*'] }], 'scope[0]')
  bad(op, 'a number scope', [{ scope: [42] }], 'scope[0]')
  bad(op, 'a null scope', [{ scope: [null] }], 'scope[0]')
  bad(op, 'a nested scope list', [{ scope: [[PROFILE]] }], 'scope[0]')
  bad(op, 'a huge scope name', [{ scope: [big(1_000_000)] }], 'scope[0]')
  bad(op, 'too many scope entries', [{ scope: Array(MAX_SCOPES + 1).fill(PROFILE) }], 'scope', {
    says: /too many/,
  })
  bad(op, 'scope __proto__', [{ scope: ['__proto__'] }], 'scope[0]')
  bad(op, 'scope constructor', [{ scope: ['constructor'] }], 'scope[0]')
  bad(op, 'scope toString', [{ scope: ['toString'] }], 'scope[0]')
  bad(op, 'an extra app_key field', [{ scope: [PROFILE], app_key: 'other' }], 'app_key', {
    says: /not a known field/,
  })
  bad(op, 'an extra ttl field', [{ scope: [PROFILE], ttl: 1e9 }], 'ttl')
  bad(
    op,
    'a JSON __proto__ key',
    [json(`{"scope":["${PROFILE}"],"__proto__":{"admin":true}}`)],
    '__proto__',
  )
  bad(op, 'a constructor key', [{ scope: [PROFILE], constructor: { name: 'x' } }], 'constructor')
  bad(op, 'a function in scope', [{ scope: [() => PROFILE] }], 'scope', {
    says: /cannot be sent/,
    host: 'unsendable',
  })
  bad(op, 'a symbol in scope', [{ scope: [Symbol(PROFILE)] }], 'scope', {
    says: /cannot be sent/,
    host: 'unsendable',
  })
  bad(op, 'a function as the request', [() => ({ scope: [PROFILE] })], 'request', {
    host: 'unsendable',
    was: 'CONNECTION_CLOSED',
  })
  bad(op, 'a symbol as the request', [Symbol('scope')], 'request', {
    host: 'unsendable',
    was: 'CONNECTION_CLOSED',
  })
  add(
    op,
    'a known scope not enabled for the widget',
    [{ scope: ['user.profile.write'] }],
    'INVALID_SCOPE',
    undefined,
    {
      says: /user\.profile\.write/,
    },
  )
  add(
    op,
    'an enabled scope with one that is not',
    [{ scope: [PROFILE, 'provider.sms.write'] }],
    'INVALID_SCOPE',
    undefined,
    {
      says: /provider\.sms\.write/,
    },
  )
}

// --- redirect.dispatch -------------------------------------------------------------------------
{
  const op: Op = 'redirect.dispatch'
  const start = /must start with "\/"/
  bad(op, 'no argument', [], 'redirect')
  bad(op, 'a bare path string', ['/settings'], 'redirect')
  bad(op, 'no path', [{}], 'path', { says: /expected a string/ })
  bad(op, 'path a number', [{ path: 42 }], 'path')
  bad(op, 'path null', [{ path: null }], 'path')
  bad(op, 'path an array', [{ path: ['/settings'] }], 'path')
  bad(op, 'path a String object', [{ path: new String('/settings') }], 'path')
  bad(op, 'an empty path', [{ path: '' }], 'path', { says: start })
  bad(op, 'a huge path', [{ path: `/${big(5000)}` }], 'path', { says: /longer than/ })
  bad(op, 'an absolute URL', [{ path: 'https://evil.example/phish' }], 'path', { says: start })
  bad(op, 'a scheme with one slash', [{ path: 'http:/evil.example' }], 'path', { says: start })
  bad(op, 'a protocol-relative URL', [{ path: '//evil.example/phish' }], 'path', { says: /"\/\/"/ })
  bad(op, 'three slashes', [{ path: '///evil.example' }], 'path', { says: /"\/\/"/ })
  bad(op, 'a dot segment, then //', [{ path: '/.//evil.example' }], 'path', { says: /"\/\/"/ })
  bad(op, 'a dot-dot segment, then //', [{ path: '/a/..//evil.example' }], 'path', {
    says: /"\/\/"/,
  })
  bad(op, 'a javascript: URL', [{ path: 'javascript:alert(1)' }], 'path', { says: start })
  bad(op, 'a mixed-case javascript: URL', [{ path: 'JaVaScRiPt:alert(document.domain)' }], 'path', {
    says: start,
  })
  bad(op, 'a data: URL', [{ path: 'data:text/html,<script>alert(1)</script>' }], 'path', {
    says: start,
  })
  bad(op, 'a slash then a backslash', [{ path: '/\\evil.example' }], 'path', { says: /backslash/ })
  bad(op, 'two backslashes', [{ path: '\\\\evil.example' }], 'path', { says: start })
  bad(op, 'backslash traversal', [{ path: '/settings\\..\\..\\admin' }], 'path', {
    says: /backslash/,
  })
  bad(op, 'encoded slashes', [{ path: '/%2f%2fevil.example' }], 'path', { says: /encoded/ })
  bad(op, 'encoded backslashes, upper case', [{ path: '/%5C%5Cevil.example' }], 'path', {
    says: /encoded/,
  })
  bad(op, 'an encoded CRLF', [{ path: '/%0d%0aSet-Cookie:%20session=evil' }], 'path', {
    says: /encoded/,
  })
  bad(op, 'an encoded NUL', [{ path: '/settings%00' }], 'path', { says: /encoded/ })
  bad(op, 'a raw newline', [{ path: '/settings\nLocation: evil.example' }], 'path', {
    says: /control/,
  })
  bad(op, 'a raw tab', [{ path: '/\t/evil.example' }], 'path', { says: /control/ })
  bad(op, 'a line separator', [{ path: '/settings\u2028' }], 'path', { says: /control/ })
  bad(op, 'a leading space', [{ path: ' /settings' }], 'path', { says: start })
  bad(op, 'newContext a string', [{ path: '/settings', newContext: 'yes' }], 'newContext', {
    says: /boolean/,
  })
  bad(op, 'newContext a number', [{ path: '/settings', newContext: 1 }], 'newContext')
  bad(op, 'newContext null', [{ path: '/settings', newContext: null }], 'newContext')
  bad(op, 'an extra target field', [{ path: '/settings', target: '_top' }], 'target')
  bad(op, 'an extra url field', [{ path: '/settings', url: 'https://evil.example' }], 'url')
  bad(
    op,
    'a JSON __proto__ key',
    [json('{"path":"/settings","__proto__":{"newContext":true}}')],
    '__proto__',
  )
  bad(op, 'a constructor key', [{ path: '/settings', constructor: 'x' }], 'constructor')
  bad(op, 'path a function', [{ path: () => '/settings' }], 'path', {
    says: /cannot be sent/,
    host: 'unsendable',
  })
}

// --- flow.dispatch -----------------------------------------------------------------------------
{
  const op: Op = 'flow.dispatch'
  const R = 'BOOKING.RECEIPT'
  const expected = /expected BOOKING\.RECEIPT or BOOKING\.ONLINE_VISIT_CHANNEL/
  bad(op, 'no flow key', [], 'flowKey', { says: expected })
  bad(op, 'an unknown flow key', ['BOOKING.NOPE'], 'flowKey', { says: /"BOOKING\.NOPE"/ })
  bad(op, 'a lower-case flow key', ['booking.receipt'], 'flowKey')
  bad(op, 'a flow key with a trailing space', [`${R} `], 'flowKey')
  bad(op, 'an empty flow key', [''], 'flowKey')
  bad(op, 'a huge flow key', [big(100_000)], 'flowKey')
  bad(op, 'a number flow key', [42], 'flowKey')
  bad(op, 'a null flow key', [null], 'flowKey')
  bad(op, 'an array flow key', [[R]], 'flowKey')
  bad(op, 'an object flow key', [{ flowKey: R }], 'flowKey')
  bad(op, 'flow key __proto__', ['__proto__'], 'flowKey')
  bad(op, 'flow key constructor', ['constructor'], 'flowKey')
  bad(op, 'options a string', [R, 'next'], 'options', { says: /expected an object/ })
  bad(op, 'options an array', [R, ['a']], 'options')
  bad(op, 'options a number', [R, 7], 'options')
  bad(op, 'options null', [R, null], 'options')
  bad(op, 'options a Date', [R, new Date(0)], 'options')
  bad(op, 'options a Map', [R, new Map([['a', 1]])], 'options')
  bad(op, 'a function in options', [R, { onDone() {} }], 'options', {
    says: /cannot be sent/,
    host: 'unsendable',
  })
  bad(op, 'a symbol in options', [R, { s: Symbol('s') }], 'options', { host: 'unsendable' })
  bad(op, 'a DOM node in options', [R, { el: 'NODE' }], 'options', {
    says: /cannot be sent/,
    host: 'sdk-only',
  })
  bad(
    op,
    'a JSON __proto__ key in options',
    [R, json('{"__proto__":{"polluted":true}}')],
    'options.__proto__',
  )
  bad(
    op,
    'a nested JSON __proto__ key in options',
    [R, { a: json('{"__proto__":1}') }],
    'options.a.__proto__',
  )
  bad(op, 'options too large', [R, { big: big(MAX_PAYLOAD_BYTES + 1) }], 'options', {
    says: /larger than/,
  })
  bad(op, 'options too deep', [R, nested(MAX_PAYLOAD_DEPTH + 2)], 'options', {
    says: /nested deeper/,
  })
}

// --- payment.pay -------------------------------------------------------------------------------
{
  const op: Op = 'payment.pay'
  const one = /exactly one of product_key and receipt_id/
  bad(op, 'no argument', [], 'product_key')
  bad(op, 'null', [null], 'pay', { says: /expected an object, got null/ })
  bad(op, 'a bare product key', ['pro'], 'pay')
  bad(op, 'a number', [42], 'pay')
  bad(op, 'an array', [['pro']], 'pay')
  bad(op, 'an empty object', [{}], 'product_key', { says: one })
  bad(op, 'both keys', [{ product_key: 'pro', receipt_id: 'rcpt-1' }], 'receipt_id', { says: one })
  bad(op, 'product_key empty', [{ product_key: '' }], 'product_key', { says: /1 to 128/ })
  bad(op, 'product_key a number', [{ product_key: 7 }], 'product_key', {
    says: /expected a string/,
  })
  bad(op, 'product_key null', [{ product_key: null }], 'product_key')
  bad(op, 'product_key true', [{ product_key: true }], 'product_key')
  bad(op, 'product_key with a space', [{ product_key: 'pro plan' }], 'product_key')
  bad(op, 'product_key with a newline', [{ product_key: 'pro\n' }], 'product_key')
  bad(op, 'product_key of 129 characters', [{ product_key: big(129) }], 'product_key')
  bad(op, 'a huge product_key', [{ product_key: big(1_000_000) }], 'product_key')
  bad(op, 'receipt_id empty', [{ receipt_id: '' }], 'receipt_id')
  bad(op, 'receipt_id a number', [{ receipt_id: 42 }], 'receipt_id')
  bad(op, 'receipt_id with a NUL', [{ receipt_id: 'rcpt\u0000' }], 'receipt_id')
  bad(op, 'an amount set by the widget', [{ product_key: 'pro', amount: 1 }], 'amount', {
    says: /not a known field/,
  })
  bad(op, 'a price set by the widget', [{ product_key: 'pro', price: 0 }], 'price')
  bad(op, 'an app_key set by the widget', [{ product_key: 'pro', app_key: 'other' }], 'app_key')
  bad(
    op,
    'a JSON __proto__ key',
    [json('{"product_key":"pro","__proto__":{"price":1}}')],
    '__proto__',
  )
  bad(
    op,
    'a constructor key',
    [{ product_key: 'pro', constructor: { prototype: { price: 0 } } }],
    'constructor',
  )
  bad(op, 'payload a function', [{ product_key: 'pro', payload: () => 1 }], 'payload', {
    says: /cannot be sent/,
    host: 'unsendable',
  })
  bad(op, 'payload a symbol', [{ product_key: 'pro', payload: Symbol('p') }], 'payload', {
    host: 'unsendable',
  })
  bad(op, 'payload a DOM node', [{ product_key: 'pro', payload: 'NODE' }], 'payload', {
    says: /cannot be sent/,
    host: 'sdk-only',
  })
  bad(
    op,
    'a method deep in the payload',
    [{ product_key: 'pro', payload: { a: { fn() {} } } }],
    'payload',
    { host: 'unsendable' },
  )
  bad(
    op,
    'a JSON __proto__ key in the payload',
    [{ product_key: 'pro', payload: json('{"__proto__":{"admin":true}}') }],
    'payload.__proto__',
  )
  bad(
    op,
    'a nested JSON __proto__ key in the payload',
    [{ product_key: 'pro', payload: { deep: json('{"__proto__":1}') } }],
    'payload.deep.__proto__',
  )
  bad(
    op,
    'a payload too large',
    [{ product_key: 'pro', payload: big(MAX_PAYLOAD_BYTES + 1) }],
    'payload',
    { says: /larger than/ },
  )
  bad(
    op,
    'a binary payload too large',
    [{ product_key: 'pro', payload: new Uint8Array(MAX_PAYLOAD_BYTES + 1) }],
    'payload',
    { says: /larger than/ },
  )
  bad(
    op,
    'a 1 MB ArrayBuffer in the payload',
    [{ product_key: 'pro', payload: { file: new ArrayBuffer(1024 * 1024) } }],
    'payload',
    { says: /larger than/ },
  )
  bad(
    op,
    'a payload too deep',
    [{ product_key: 'pro', payload: nested(MAX_PAYLOAD_DEPTH + 2) }],
    'payload',
    { says: /nested deeper/ },
  )
  bad(op, 'payload given twice', [{ product_key: 'pro', payload: 1 }, 2], 'payload', {
    says: /once/,
    host: 'sdk-only',
  })
  bad(op, 'a function as the second argument', [{ product_key: 'pro' }, () => 1], 'payload', {
    host: 'unsendable',
  })
  bad(
    op,
    'a JSON __proto__ key as the second argument',
    [{ product_key: 'pro' }, json('{"__proto__":{"x":1}}')],
    'payload.__proto__',
  )
}

// --- payment.subscribe -------------------------------------------------------------------------
{
  const op: Op = 'payment.subscribe'
  bad(op, 'a bare plan key', ['monthly'], 'subscribe', { says: /expected an object/ })
  bad(op, 'a number', [42], 'subscribe')
  bad(op, 'an array', [['monthly']], 'subscribe')
  bad(op, 'plan_key empty', [{ plan_key: '' }], 'plan_key')
  bad(op, 'plan_key a number', [{ plan_key: 7 }], 'plan_key')
  bad(op, 'plan_key null', [{ plan_key: null }], 'plan_key')
  bad(op, 'a huge plan_key', [{ plan_key: big(200_000) }], 'plan_key')
  bad(op, 'an unknown plan', [{ plan_key: 'nope' }], 'plan_key', { says: /unknown plan "nope"/ })
  bad(op, 'plan __proto__', [{ plan_key: '__proto__' }], 'plan_key', { says: /unknown plan/ })
  bad(op, 'plan constructor', [{ plan_key: 'constructor' }], 'plan_key', { says: /unknown plan/ })
  bad(op, 'a price set by the widget', [{ plan_key: 'monthly', price: 0 }], 'price')
  bad(op, 'a period set by the widget', [{ plan_key: 'monthly', period: 'year' }], 'period')
  bad(
    op,
    'a JSON __proto__ key',
    [json('{"plan_key":"monthly","__proto__":{"price":0}}')],
    '__proto__',
  )
  bad(op, 'a constructor key', [{ plan_key: 'monthly', constructor: 1 }], 'constructor')
  bad(op, 'payload a function', [{ plan_key: 'monthly', payload: () => 1 }], 'payload', {
    host: 'unsendable',
  })
  bad(
    op,
    'a JSON __proto__ key in the payload',
    [{ plan_key: 'monthly', payload: json('{"__proto__":{}}') }],
    'payload.__proto__',
  )
  bad(op, 'a payload too large', [{ payload: big(MAX_PAYLOAD_BYTES + 1) }], 'payload')
}

// --- payment.payForDoctorService ---------------------------------------------------------------
{
  const op: Op = 'payment.payForDoctorService'
  const whole = /expected whole Rials/
  const range = /between 1 and/
  bad(op, 'no argument', [], 'payForDoctorService')
  bad(op, 'a bare number', [1000], 'payForDoctorService')
  bad(op, 'a bare string', ['1000'], 'payForDoctorService')
  bad(op, 'no amount', [{}], 'amount', { says: /expected a number, got a undefined/ })
  bad(op, 'amount a string', [{ amount: '1000' }], 'amount', { says: /expected a number/ })
  bad(op, 'amount NaN', [{ amount: Number.NaN }], 'amount', { says: whole })
  bad(op, 'amount Infinity', [{ amount: Number.POSITIVE_INFINITY }], 'amount', { says: whole })
  bad(op, 'amount -Infinity', [{ amount: Number.NEGATIVE_INFINITY }], 'amount', { says: whole })
  bad(op, 'amount -1', [{ amount: -1 }], 'amount', { says: range })
  bad(op, 'amount -1000', [{ amount: -1000 }], 'amount', { says: range })
  bad(op, 'amount 0', [{ amount: 0 }], 'amount', { says: range })
  bad(op, 'amount -0', [{ amount: -0 }], 'amount', { says: range })
  bad(op, 'amount 0.5', [{ amount: 0.5 }], 'amount', { says: whole })
  bad(op, 'amount 1000.01', [{ amount: 1000.01 }], 'amount', { says: whole })
  bad(op, 'amount 12.5', [{ amount: 12.5 }], 'amount', { says: whole })
  bad(op, 'amount Number.EPSILON', [{ amount: Number.EPSILON }], 'amount', { says: whole })
  bad(op, 'amount 5e-324', [{ amount: 5e-324 }], 'amount', { says: whole })
  bad(op, 'amount one over the maximum', [{ amount: 1e12 + 1 }], 'amount', { says: range })
  bad(op, 'amount 1e21', [{ amount: 1e21 }], 'amount', { says: range })
  bad(op, 'amount Number.MAX_VALUE', [{ amount: Number.MAX_VALUE }], 'amount', { says: range })
  bad(op, 'amount beyond 2^53', [{ amount: 2 ** 53 + 2 }], 'amount', { says: range })
  bad(op, 'amount a bigint', [{ amount: 1000n }], 'amount', { says: /bigint/ })
  bad(op, 'amount null', [{ amount: null }], 'amount')
  bad(op, 'amount true', [{ amount: true }], 'amount')
  bad(op, 'amount an array', [{ amount: [1000] }], 'amount')
  bad(op, 'amount a Number object', [{ amount: new Number(1000) }], 'amount')
  bad(op, 'amount an object with valueOf', [{ amount: { valueOf: () => 1000 } }], 'amount', {
    host: 'unsendable',
  })
  bad(op, 'a vat set by the widget', [{ amount: 1000, vat: 0 }], 'vat', {
    says: /not a known field/,
  })
  bad(op, 'a payable set by the widget', [{ amount: 1000, payable: 1 }], 'payable')
  bad(op, 'a receipt_id set by the widget', [{ amount: 1000, receipt_id: 'x' }], 'receipt_id')
  bad(op, 'a JSON __proto__ key', [json('{"amount":1000,"__proto__":{"payable":1}}')], '__proto__')
  bad(op, 'a constructor key', [{ amount: 1000, constructor: 1 }], 'constructor')
  bad(op, 'payload a symbol', [{ amount: 1000, payload: Symbol('p') }], 'payload', {
    host: 'unsendable',
  })
  bad(
    op,
    'a JSON __proto__ key in the payload',
    [{ amount: 1000, payload: json('{"__proto__":{}}') }],
    'payload.__proto__',
  )
  bad(op, 'a payload too large', [{ amount: 1000, payload: big(MAX_PAYLOAD_BYTES + 1) }], 'payload')
}

// --- sms, widget.* --------------------------------------------------------------------------------
// They take no argument and send their own request (`{}`, `{ action }`) whatever they are given
// (tested below): their SDK rows are the ones every call gets from its contract (after `VALID`);
// the host-only table sends them bad requests.

// --- openLink ----------------------------------------------------------------------------------
{
  const op: Op = 'openLink'
  bad(op, 'no argument', [], 'openLink')
  bad(op, 'a bare URL string', ['https://example.com/'], 'openLink')
  bad(op, 'url a number', [{ url: 7 }], 'url')
  bad(op, 'a javascript: URL', [{ url: 'javascript:alert(1)' }], 'url')
  bad(op, 'a data: URL', [{ url: 'data:text/html,<b>x</b>' }], 'url')
  bad(op, 'a URL with a password', [{ url: 'https://u:p@example.com/' }], 'url')
  bad(op, 'plain http off this machine', [{ url: 'http://example.com/' }], 'url')
  bad(op, 'a relative URL', [{ url: '/settings' }], 'url')
  bad(op, 'a URL too long', [{ url: `https://example.com/${big(100_000)}` }], 'url')
  bad(op, 'a target field', [{ url: 'https://example.com/', target: '_self' }], 'target')
  bad(
    op,
    'a JSON __proto__ key',
    [json('{"url":"https://example.com/","__proto__":{}}')],
    '__proto__',
  )
}

/** Rows hold `'NODE'` where a DOM node goes: nodes can only be made once the test runs. */
function materialize(value: unknown): unknown {
  if (value === 'NODE') return node()
  if (Array.isArray(value)) return value.map(materialize)
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {}
    // defineProperty, not assignment: `out.__proto__ = v` would set the prototype instead of
    // keeping the own `__proto__` key that JSON.parse made.
    for (const [k, v] of Object.entries(value)) {
      Object.defineProperty(out, k, {
        value: materialize(v),
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
    return out
  }
  return value
}

function invoke(platform: Platform, op: Op, args: unknown[]): Promise<unknown> {
  const path = op.split('.')
  const name = path.pop()!
  const target = path.reduce<Record<string, unknown>>(
    (object, key) => object[key] as Record<string, unknown>,
    platform as unknown as Record<string, unknown>,
  )
  return (target[name] as (...a: unknown[]) => Promise<unknown>)(...args)
}

/** What the SDK would put on the wire for `op(...args)`: the request a modified SDK sends raw. */
function wireRequest(op: Op, args: unknown[]): unknown {
  const [a, b] = args
  switch (op) {
    case 'initialize':
      return { app_key: (a as { app_key?: unknown } | null | undefined)?.app_key, protocol: 1 }
    case 'flow.dispatch':
      return b === undefined ? { flowKey: a } : { flowKey: a, options: b }
    case 'payment.pay':
      return b === undefined ? a : { ...(a as object), payload: b }
    case 'payment.subscribe':
      return a ?? {}
    case 'sms.activate':
    case 'sms.charge':
      return {}
    case 'widget.addToProfile':
      return { action: 'add' }
    case 'widget.removeFromProfile':
      return { action: 'remove' }
    case 'widget.refreshProfile':
    case 'widget.refreshPorifle':
      return { action: 'refresh' }
    default:
      return a
  }
}

type Outcome =
  | { kind: 'resolved'; value: unknown }
  | { kind: 'rejected'; error: unknown }
  | { kind: 'dialog' }

/** Settles `promise`, or reports a dialog as soon as one opens (it would wait for a user). */
async function outcomeOf(promise: Promise<unknown>): Promise<Outcome> {
  let settled = false
  const result = promise.then(
    (value): Outcome => ({ kind: 'resolved', value }),
    (error): Outcome => ({ kind: 'rejected', error }),
  )
  void result.then(() => {
    settled = true
  })
  const watch = (async (): Promise<Outcome> => {
    while (!settled) {
      if (openDialog()) return { kind: 'dialog' }
      await flush(1)
    }
    return result
  })()
  return Promise.race([result, watch])
}

/**
 * The calls whose SDK arguments are not the request they send (see `wireRequest`), and the
 * answers these tables pin. Any other call is made with its contract's example as it is, and
 * must resolve: a row added to the table gets a valid call with no line here.
 */
const PINNED: Partial<Record<Op, Partial<Valid>>> = {
  initialize: { args: [{ app_key: 'demo' }], expect: { app_key: 'demo' } },
  getSessionToken: { expect: expect.stringMatching(/^st_/) },
  'redirect.dispatch': { expect: undefined },
  'flow.dispatch': { args: ['BOOKING.RECEIPT', { step: 2 }], expect: undefined },
  'payment.pay': {
    expect: { event: 'PLATFORM_PAYMENT_SUCCESS', product_key: 'pro', payload: { order: 7 } },
  },
  'payment.subscribe': {
    expect: { event: 'PLATFORM_PAYMENT_SUBSCRIBE_SUCCESS', plan_key: 'monthly' },
  },
  'payment.payForDoctorService': {
    expect: { event: 'PLATFORM_PAYMENT_DOCTOR_SERVICE_SUCCESS', amount: 1000, payable: 1030 },
  },
  'sms.activate': { args: [], expect: { event: 'PLATFORM_SMS_ACTIVATE_SUCCESS' } },
  'sms.charge': { args: [], expect: { event: 'PLATFORM_SMS_CHARGE_SUCCESS' } },
  openLink: { expect: { opened: true } },
  'widget.addToProfile': { args: [], expect: { active: true } },
  'widget.removeFromProfile': {
    args: [],
    request: { action: 'remove' },
    expect: { active: false },
  },
  'widget.refreshProfile': {
    args: [],
    request: { action: 'refresh' },
    expect: { refreshed: true },
  },
  'widget.refreshPorifle': {
    args: [],
    request: { action: 'refresh' },
    expect: { refreshed: true },
  },
}

/** Each SDK path's valid call: its contract's example, as {@link PINNED} adjusts it. */
const VALID = validCalls(PINNED) as Record<Op, Valid>

// --- every call, from its contract ---------------------------------------------------------------
// Before initialize and after destroy, every call is refused before its argument is read, naming
// its method; made with its valid arguments, so a row added to the table gets both.
for (const op of Object.keys(OPS) as Op[]) {
  if (op === 'initialize') continue
  const says = new RegExp(OPS[op].method)
  const { args } = VALID[op]
  add(op, 'before initialize', args, 'NOT_INITIALIZED', undefined, { state: 'fresh', says })
  add(op, 'after destroy', args, 'NOT_INITIALIZED', undefined, {
    state: 'destroyed',
    says,
    host: 'sdk-only',
  })
}

/** The panel-side effect the valid call of `op` must have had. */
function expectEffect(op: Op, before: ReturnType<typeof effectsOf>, after: typeof before) {
  const delta = {
    charges: after.charges - before.charges,
    tokens: after.tokens - before.tokens,
    navigations: after.navigations - before.navigations,
    flows: after.flows - before.flows,
    smsActive: after.smsActive,
    links: after.links - before.links,
    profile: after.profile - before.profile,
    purges: after.purges - before.purges,
  }
  const want = {
    charges: 0,
    tokens: 0,
    navigations: 0,
    flows: 0,
    smsActive: false,
    links: 0,
    profile: 0,
    purges: 0,
  }
  if (op === 'getSessionToken') want.tokens = 1
  if (op === 'redirect.dispatch') want.navigations = 1
  if (op === 'flow.dispatch') want.flows = 1
  if (op.startsWith('payment.') || op === 'sms.charge') want.charges = 1
  if (op === 'sms.activate') want.smsActive = true
  if (op === 'openLink') want.links = 1
  if (op === 'widget.addToProfile') want.profile = 1
  if (op.startsWith('widget.refresh')) want.purges = 1
  expect(delta).toEqual(want)
}

/** Runs `run` and answers the dialog it opens, if it opens one. */
async function answered(run: () => Promise<unknown>): Promise<unknown> {
  const pending = run()
  const first = await outcomeOf(pending)
  if (first.kind === 'dialog') {
    await confirmDialog()
    return pending
  }
  if (first.kind === 'rejected') throw first.error
  return first.value
}

let restoreClone: () => void
const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort()
beforeAll(() => {
  restoreClone = browserLikeStructuredClone()
})
afterAll(() => restoreClone())

/**
 * Consecutive rows with the same key share one rig, made before their block and cleaned up after
 * it, so only one lives at a time (hosts in one document share its dialog layer). A row without
 * a key (an SDK never initialized, or destroyed) gets its own. At most {@link GROUP} rows share
 * one, so their two calls a row stay well below the host's 100 calls a second. The effect
 * checks compare counts before and after each row, so earlier rows of a block do not matter.
 */
const GROUP = 20
function blocks<R>(all: R[], key: (row: R) => string | undefined) {
  const out: { key: string | undefined; rows: R[] }[] = []
  for (const row of all) {
    const k = key(row)
    const last = out.at(-1)
    if (last && last.key === k && (k === undefined || last.rows.length < GROUP)) last.rows.push(row)
    else out.push({ key: k, rows: [row] })
  }
  return out
}

type Rig = ReturnType<typeof rig>
type Peer = Awaited<ReturnType<typeof rawPeer>>

async function badCall(row: Row, shared: Rig | undefined) {
  const state = row.state ?? 'ready'
  const t = shared ?? rig({ ...hostile, context: OPS[row.op].context, host: { openTab } })
  if (!shared && state !== 'fresh') await t.platform.initialize({ app_key: 'demo' })
  if (state === 'destroyed') t.platform.destroy()
  const dialogs = dialogCounter()
  const before = effectsOf(t)

  const outcome = await outcomeOf(invoke(t.platform, row.op, materialize(row.args) as unknown[]))
  expect(
    outcome.kind,
    JSON.stringify(outcome, (_, v) => (typeof v === 'bigint' ? `${v}n` : v)),
  ).toBe('rejected')
  const error = (outcome as { error: PlatformError }).error
  expect(error).toBeInstanceOf(PlatformError)
  expect(error.name).toBe('PlatformError')
  expect(error.code).toBe(row.code)
  expect(error.field).toBe(row.field)
  if (row.field) expect(error.message).toContain(row.field)
  if (row.says) expect(error.message).toMatch(row.says)

  await flush()
  expect(dialogs()).toBe(0)
  expect(openDialog()).toBeNull()
  expect(effectsOf(t)).toEqual(before)

  // The next valid call still succeeds, on the same SDK and host.
  if (state !== 'ready' && row.op !== 'initialize') {
    await t.platform.initialize({ app_key: 'demo' })
  }
  const valid = VALID[row.op]
  const value = await answered(() => invoke(t.platform, row.op, valid.args))
  if ('expect' in valid) {
    if (valid.expect === undefined) expect(value).toBeUndefined()
    else expect(value).toMatchObject(valid.expect as object)
  }
  expectEffect(row.op, before, effectsOf(t))
}

/** The cases of `list`, in blocks that share a rig (see {@link blocks}). */
function sdkCases(list: Row[], title: string) {
  const ready = (row: Row) => ((row.state ?? 'ready') === 'ready' ? row.op : undefined)
  for (const block of blocks(list, ready)) {
    describe(block.key ? `${block.key}, one rig` : 'a rig each', () => {
      let shared: Rig | undefined
      if (block.key) {
        beforeAll(async () => {
          shared = rig({ ...hostile, context: OPS[block.key as Op].context, host: { openTab } })
          await shared.platform.initialize({ app_key: 'demo' })
        })
        afterAll(() => shared?.cleanup())
      }
      it.each(block.rows)(title, (row) => badCall(row, shared))
    })
  }
}

describe('bad calls through the SDK', () => {
  it('has at least 100 rows and covers every operation', () => {
    expect(rows.length).toBeGreaterThanOrEqual(100)
    expect(new Set(rows.map((r) => r.op))).toEqual(new Set(Object.keys(OPS)))
  })

  sdkCases(
    rows.filter((r) => !r.was),
    '$op: $what → $code $field',
  )

  // Regression test, fixed bug (src/sdk/bridge.ts, transportError, since 30ec78e): when postMessage refuses the request
  // and no own field of it is the culprit (a function or a symbol passed as the request itself),
  // the loop skips the `request` entry and falls through to CONNECTION_CLOSED, although the
  // connection is fine (the next call works). Before 30ec78e the SDK answered INVALID_ARGUMENT
  // with field "request". Fix: after the loop, if `structuredClone(request)` throws, return
  // `new PlatformError('INVALID_ARGUMENT', 'request: cannot be sent …', 'request')`.
  sdkCases(
    rows.filter((r) => r.was),
    '$op: $what → $code $field (was $was before the fix)',
  )
})

interface HostRow {
  method: string
  what: string
  request: unknown
  context: HostContext
  ready: boolean
  expect: 'unsendable' | { code: ErrorCode; field?: string; says?: RegExp }
  /** The valid follow-up: an SDK operation whose wire request is sent raw. */
  next: Op
}

const hostRows: HostRow[] = rows.flatMap((row): HostRow[] => {
  if (row.host === 'sdk-only') return []
  const base = {
    method: OPS[row.op].method,
    what: row.what,
    context: OPS[row.op].context,
    ready: (row.state ?? 'ready') === 'ready',
    next: row.op,
  }
  const request = wireRequest(row.op, row.args)
  if (row.host === 'unsendable') return [{ ...base, request, expect: 'unsendable' }]
  const expected = row.host ?? {
    code: row.code,
    ...(row.field === undefined ? {} : { field: row.field }),
    ...(row.says ? { says: row.says } : {}),
  }
  // A second initialize over the raw channel reaches the host, which checks the key itself.
  const requestFor =
    row.code === 'ALREADY_INITIALIZED' ? { app_key: 'other', protocol: PROTOCOL_VERSION } : request
  return [{ ...base, request: requestFor, expect: expected }]
})

const hostOnly = (
  method: string,
  what: string,
  request: unknown,
  code: ErrorCode,
  field: string | undefined,
  next: Op,
  more: Partial<HostRow> = {},
) =>
  hostRows.push({
    method,
    what,
    request,
    context: OPS[next].context,
    ready: true,
    next,
    expect: { code, ...(field === undefined ? {} : { field }) },
    ...more,
  })

{
  const hello = { app_key: 'demo', protocol: PROTOCOL_VERSION }
  const fresh = { ready: false }
  hostOnly(
    'initialize',
    'an extra origin field',
    { ...hello, origin: '*' },
    'INVALID_ARGUMENT',
    'origin',
    'initialize',
    fresh,
  )
  hostOnly(
    'initialize',
    'a JSON __proto__ key',
    json('{"app_key":"demo","protocol":1,"__proto__":{"admin":true}}'),
    'INVALID_ARGUMENT',
    '__proto__',
    'initialize',
    fresh,
  )
  hostOnly(
    'initialize',
    'a constructor key',
    { ...hello, constructor: 'Object' },
    'INVALID_ARGUMENT',
    'constructor',
    'initialize',
    fresh,
  )
  hostOnly(
    'initialize',
    'a bare string',
    'demo',
    'INVALID_ARGUMENT',
    'initialize',
    'initialize',
    fresh,
  )
  hostOnly(
    'initialize',
    'an array',
    ['demo', 1],
    'INVALID_ARGUMENT',
    'initialize',
    'initialize',
    fresh,
  )
  hostOnly('initialize', 'null', null, 'INVALID_ARGUMENT', 'initialize', 'initialize', fresh)
  hostOnly(
    'initialize',
    'a future protocol',
    { ...hello, protocol: 2 },
    'UNSUPPORTED',
    undefined,
    'initialize',
    fresh,
  )
  hostOnly(
    'initialize',
    'no protocol',
    { app_key: 'demo' },
    'UNSUPPORTED',
    undefined,
    'initialize',
    fresh,
  )
  hostOnly(
    'initialize',
    'protocol a string',
    { ...hello, protocol: '1' },
    'UNSUPPORTED',
    undefined,
    'initialize',
    fresh,
  )
  hostOnly(
    'getSessionToken',
    'an extra token field',
    { scope: [PROFILE], token: 'st_x' },
    'INVALID_ARGUMENT',
    'token',
    'getSessionToken',
  )
  hostOnly(
    'flow',
    'an extra booking_id field',
    { flowKey: 'BOOKING.RECEIPT', booking_id: 42 },
    'INVALID_ARGUMENT',
    'booking_id',
    'flow.dispatch',
  )
  hostOnly(
    'flow',
    'an extra patient field',
    { flowKey: 'BOOKING.RECEIPT', patient: { id: 1 } },
    'INVALID_ARGUMENT',
    'patient',
    'flow.dispatch',
  )
  hostOnly(
    'flow',
    'a JSON __proto__ key',
    json('{"flowKey":"BOOKING.RECEIPT","__proto__":{}}'),
    'INVALID_ARGUMENT',
    '__proto__',
    'flow.dispatch',
  )
  hostOnly(
    'flow',
    'a constructor key',
    { flowKey: 'BOOKING.RECEIPT', constructor: 1 },
    'INVALID_ARGUMENT',
    'constructor',
    'flow.dispatch',
  )
  hostOnly(
    'flow',
    'a bare flow key',
    'BOOKING.RECEIPT',
    'INVALID_ARGUMENT',
    'flow',
    'flow.dispatch',
  )
  for (const [method, name, op] of [
    ['smsActivate', 'activate', 'sms.activate'],
    ['smsCharge', 'charge', 'sms.charge'],
  ] as const) {
    hostOnly(method, 'a count field', { count: 1_000_000 }, 'INVALID_ARGUMENT', 'count', op)
    hostOnly(method, 'a price field', { price: 0 }, 'INVALID_ARGUMENT', 'price', op)
    hostOnly(method, 'an app_key field', { app_key: 'other' }, 'INVALID_ARGUMENT', 'app_key', op)
    hostOnly(
      method,
      'a receipt_id field',
      { receipt_id: 'rcpt-1' },
      'INVALID_ARGUMENT',
      'receipt_id',
      op,
    )
    hostOnly(
      method,
      'a JSON __proto__ key',
      json('{"__proto__":{"count":1}}'),
      'INVALID_ARGUMENT',
      '__proto__',
      op,
    )
    hostOnly(method, 'a constructor key', { constructor: 1 }, 'INVALID_ARGUMENT', 'constructor', op)
    hostOnly(method, 'a string', 'x', 'INVALID_ARGUMENT', name, op)
    hostOnly(method, 'a number', 42, 'INVALID_ARGUMENT', name, op)
    hostOnly(method, 'an array', [], 'INVALID_ARGUMENT', name, op)
  }
  // Internal methods the SDK calls by itself are reachable too.
  for (const [what, request] of [
    ['height a string', { height: 'tall' }],
    ['a negative height', { height: -1 }],
    ['height NaN', { height: Number.NaN }],
    ['height Infinity', { height: Number.POSITIVE_INFINITY }],
    ['no height', {}],
  ] as const) {
    hostOnly('resize', what, request, 'INVALID_ARGUMENT', 'height', 'redirect.dispatch')
  }
  // Not an object at all: named like every other request, by its method.
  for (const [what, request] of [
    ['null', null],
    ['a string', 'x'],
  ] as const) {
    hostOnly('resize', what, request, 'INVALID_ARGUMENT', 'resize', 'redirect.dispatch')
  }
  // A refused `bye` must not reset the session: the follow-up call needs it initialized.
  hostOnly(
    'bye',
    'a reason field',
    { reason: 'x' },
    'INVALID_ARGUMENT',
    'reason',
    'redirect.dispatch',
  )
  hostOnly('bye', 'a string', 'x', 'INVALID_ARGUMENT', 'bye', 'redirect.dispatch')
  hostOnly('bye', 'an array', [], 'INVALID_ARGUMENT', 'bye', 'redirect.dispatch')
  hostOnly(
    'bye',
    'a JSON __proto__ key',
    json('{"__proto__":{}}'),
    'INVALID_ARGUMENT',
    '__proto__',
    'redirect.dispatch',
  )
}

describe('the same bad calls straight to the host, without the SDK', () => {
  it('covers every host method', () => {
    expect(new Set(hostRows.map((r) => r.method))).toEqual(
      new Set([...Object.values(OPS).map((o) => o.method), 'resize', 'bye']),
    )
    expect(hostRows.length).toBeGreaterThanOrEqual(150)
  })

  const hello = { app_key: 'demo', protocol: PROTOCOL_VERSION }
  const ready = (row: HostRow) =>
    row.ready ? `${row.method}|${row.next}|${row.context}` : undefined
  for (const block of blocks(hostRows, ready)) {
    describe(block.key ? `${block.key}, one peer` : 'a peer each', () => {
      let shared: Peer | undefined
      if (block.key) {
        beforeAll(async () => {
          const first = block.rows[0] as HostRow
          shared = await rawPeer({ ...hostile, context: first.context, host: { openTab } })
          expect(await shared.call('initialize', hello)).toMatchObject({ ok: true })
        })
        afterAll(() => shared?.cleanup())
      }
      it.each(block.rows)('$method: $what', (row) => hostCall(row, shared))
    })
  }
})

async function hostCall(row: HostRow, shared: Peer | undefined) {
  const hello = { app_key: 'demo', protocol: PROTOCOL_VERSION }
  const peer = shared ?? (await rawPeer({ ...hostile, context: row.context, host: { openTab } }))
  if (!shared && row.ready) expect(await peer.call('initialize', hello)).toMatchObject({ ok: true })
  const dialogs = dialogCounter()
  const before = effectsOf(peer)
  const callsBefore = peer.calls.length

  if (row.expect === 'unsendable') {
    // Structured clone refuses it at the sender: nothing reaches the host at all.
    await expect(peer.call(row.method, row.request)).rejects.toMatchObject({
      code: 'TRANSMISSION_FAILED',
    })
    await flush()
    expect(peer.calls.length).toBe(callsBefore)
  } else {
    const outcome = await outcomeOf(peer.call(row.method, row.request))
    expect(outcome.kind).toBe('resolved')
    const answer = (outcome as { value: { ok: boolean; error?: Record<string, unknown> } }).value
    expect(answer.ok).toBe(false)
    const { code, field, says } = row.expect
    expect(answer.error).toMatchObject({ name: 'PlatformError', code })
    expect(answer.error?.field).toBe(field)
    if (field) expect(answer.error?.message).toContain(field)
    if (says) expect(answer.error?.message).toMatch(says)
    expect(peer.calls.length).toBe(callsBefore + 1)
  }

  await flush()
  expect(dialogs()).toBe(0)
  expect(openDialog()).toBeNull()
  expect(effectsOf(peer)).toEqual(before)

  // The next valid call still succeeds over the same raw channel.
  if (!row.ready && row.next !== 'initialize') {
    expect(await peer.call('initialize', hello)).toMatchObject({ ok: true })
  }
  const valid = VALID[row.next]
  const answer = (await answered(() => peer.call(OPS[row.next].method, valid.request))) as {
    ok: boolean
    value: unknown
  }
  expect(answer.ok).toBe(true)
  if (valid.expect !== undefined) expect(answer.value).toMatchObject(valid.expect as object)
  expectEffect(row.next, before, effectsOf(peer))
}

describe('regressions of fixed bugs', () => {
  // Regression test, fixed bug (src/sdk/platform.ts, payment.pay): with a second argument, pay() spreads the first into
  // a new object (`{ ...request, payload }`) before anything checks that it is an object. A
  // string request is spread into its characters, so `pay('pro', { order: 7 })` is refused as
  // `0: is not a known field` (field "0") instead of naming the request. Fix: merge only when
  // `request` is a plain object; otherwise send it as is, so the host answers
  // `pay: expected an object, got a string` (field "pay").
  it('pay(bareKey, payload) names the request, not the field "0"', async () => {
    const t = rig(hostile)
    await t.platform.initialize({ app_key: 'demo' })
    const error = await t.platform.payment.pay('pro' as never, { order: 7 }).catch((e) => e)
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'pay' })
  })

  // Regression test, fixed bug (src/host/session.ts, the `resize` handler): unlike every other method, `resize` reads
  // `raw.height` without `record()`, so it accepts unknown fields and `__proto__` keys that the
  // shared rules refuse everywhere else (no effect beyond the height, which is clamped). Fix:
  // `const { height } = record(raw, 'resize', ['height'])` via a `validateResize` in
  // src/events/validate.ts.
  it.each<[string, unknown, string]>([
    ['an extra field', { height: 100, extra: 'x' }, 'extra'],
    ['a JSON __proto__ key', json('{"height":100,"__proto__":{"a":1}}'), '__proto__'],
  ])('resize with %s is refused like any other request', async (_, request, field) => {
    const peer = await rawPeer(hostile)
    await peer.call('initialize', { app_key: 'demo', protocol: PROTOCOL_VERSION })
    expect(await peer.call('resize', request)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', field },
    })
  })
})

describe('forged method paths straight to the host', () => {
  // The host's method table is a null-prototype object holding only the allow-listed names:
  // nothing inherited from Object.prototype, or reached through a method, can be called.
  it.each<[string[]]>([
    [['__proto__']],
    [['constructor']],
    [['toString']],
    [['valueOf']],
    [['hasOwnProperty']],
    [['__defineGetter__']],
    [['isPrototypeOf']],
    [['constructor', 'constructor']],
    [['__proto__', 'constructor']],
    [['pay', 'constructor']],
    [['pay', 'call']],
    [['initialize', 'bind']],
    [['initialize', 'apply']],
    [['Initialize']],
    [['pay ']],
    [['handlers']],
    [['run']],
    [[]],
  ])('%j answers METHOD_NOT_FOUND and does nothing', async (methodPath) => {
    const peer = await rawPeer(hostile)
    const dialogs = dialogCounter()
    const reply = await peer.send(methodPath, [{ app_key: 'demo', protocol: PROTOCOL_VERSION }])
    expect(reply).toMatchObject({
      type: 'REPLY',
      isError: true,
      value: { name: 'PenpalError', penpalCode: 'METHOD_NOT_FOUND' },
    })
    await flush()
    expect(dialogs()).toBe(0)
    // Not even an initialize slipped through: the host still wants one.
    expect(await peer.call('redirect', { path: '/settings' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_INITIALIZED' },
    })
    expect(effectsOf(peer).navigations).toBe(0)
  })
})

describe('calls that are not errors but must not be obeyed', () => {
  it('sms.activate and sms.charge send {} whatever they are given', async () => {
    const t = rig(hostile)
    await t.platform.initialize({ app_key: 'demo' })
    const sms = t.platform.sms as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>
    const activated = answered(() => sms.activate!({ app_key: 'other' }))
    expect(await activated).toEqual({ event: 'PLATFORM_SMS_ACTIVATE_SUCCESS' })
    const charged = answered(() => sms.charge!({ count: 1_000_000, price: 0 }))
    // The user's choice in the host's dialog decides: the first package, at its price.
    expect(await charged).toMatchObject({ count: 100, price: 100_000 })
    const args = t.received
      .filter((m) => m.type === 'CALL' && m.methodPath[0]?.startsWith('sms'))
      .map((m) => (m.type === 'CALL' ? m.args : []))
    expect(args).toEqual([[{}], [{}]])
    expect(t.backend.charges).toEqual([expect.objectContaining({ kind: 'sms', amount: 100_000 })])
  })

  it.each<[string, Record<string, string>]>([
    ['product __proto__', { product_key: '__proto__' }],
    ['product constructor', { product_key: 'constructor' }],
    ['product toString', { product_key: 'toString' }],
    ['product hasOwnProperty', { product_key: 'hasOwnProperty' }],
    ['an unknown receipt', { receipt_id: 'rcpt-none' }],
    ['a receipt of another widget', { receipt_id: 'rcpt-other' }],
    ['receipt __proto__', { receipt_id: '__proto__' }],
  ])(
    'pay with %s resolves PLATFORM_PAYMENT_ERROR with no dialog and no charge',
    async (_, request) => {
      const t = rig(hostile)
      t.backend.receipts.set('rcpt-other', { app_key: 'other', title: 'Theirs', amount: 1 })
      await t.platform.initialize({ app_key: 'demo' })
      const dialogs = dialogCounter()
      const outcome = await outcomeOf(t.platform.payment.pay(request as never))
      expect(outcome).toEqual({
        kind: 'resolved',
        value: { event: 'PLATFORM_PAYMENT_ERROR', message: expect.any(String), ...request },
      })
      expect(dialogs()).toBe(0)
      expect(t.backend.charges).toEqual([])
    },
  )

  it('a payload with constructor and prototype keys is data, returned as given', async () => {
    const t = rig(hostile)
    await t.platform.initialize({ app_key: 'demo' })
    const payload = { constructor: { prototype: { admin: true } }, prototype: 1, toString: 'x' }
    const result = await answered(() => t.platform.payment.pay({ product_key: 'pro', payload }))
    expect(result).toMatchObject({ event: 'PLATFORM_PAYMENT_SUCCESS', payload })
    expect(({} as Record<string, unknown>).admin).toBeUndefined()
  })

  it('nothing above polluted Object.prototype', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore)
    const probe = {} as Record<string, unknown>
    for (const key of ['admin', 'polluted', 'price', 'payable', 'newContext', 'count', 'x']) {
      expect(probe[key]).toBeUndefined()
    }
  })
})
