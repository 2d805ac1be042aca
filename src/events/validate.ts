import { invalid } from './errors.js'
import { kindOf } from './kind-of.js'
import { isLoopback } from './path.js'
import type { Payload } from './payload.js'
import type { SessionTokenRequest } from './protocol.js'
import { isScopeName, type ScopeName } from './scopes.js'
import { tokenTimeout } from './token.js'

export { kindOf } from './kind-of.js'
export { isLoopback, MAX_PATH_LENGTH, validatePath } from './path.js'

/**
 * Argument rules shared by several operations, and the helpers each operation's own validator
 * (`src/operations/<name>/validate.ts`) is built from. The host applies them to every call, because it never trusts what arrives over
 * the bridge; the error names the field and travels back to the widget as a `PlatformError`.
 * The SDK does not run them itself (it would only repeat the host's answer and add to the
 * script's size): it forwards arguments as given, and checks locally only what cannot reach
 * the host, such as `initialize`'s `app_key` before there is a bridge.
 */

/** Largest `amount` accepted by `payForDoctorService`, in Rials (one trillion). */
export const MAX_DOCTOR_SERVICE_AMOUNT = 1_000_000_000_000
/** Largest estimated size of a `payload` (see {@link validatePayload}). */
export const MAX_PAYLOAD_BYTES = 16 * 1024
/** Deepest nesting of a `payload`. */
export const MAX_PAYLOAD_DEPTH = 16
/** Most entries in one `getSessionToken` scope list. */
export const MAX_SCOPES = 32
/** Longest URL accepted by `openLink`. */
export const MAX_URL_LENGTH = 2048
/** Keys (`product_key`, `plan_key`, `receipt_id`) are 1 to 128 printable characters. */
const KEY_RE = /^[^\s\p{Cc}]{1,128}$/u

export type Plain = Record<string, unknown>

export function isPlainObject(value: unknown): value is Plain {
  if (typeof value !== 'object' || value === null) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/** The request must be a plain object holding only `allowed` keys. */
export function record(value: unknown, field: string, allowed: readonly string[]): Plain {
  if (!isPlainObject(value)) throw invalid(field, `expected an object, got ${kindOf(value)}`)
  for (const key of Reflect.ownKeys(value)) {
    if (typeof key !== 'string' || !allowed.includes(key)) {
      throw invalid(String(key), `is not a known field (expected ${allowed.join(', ') || 'none'})`)
    }
  }
  return value
}

export function key(value: unknown, field: string): string {
  if (typeof value !== 'string') throw invalid(field, `expected a string, got ${kindOf(value)}`)
  if (!KEY_RE.test(value))
    throw invalid(field, 'must be 1 to 128 characters, no spaces or controls')
  return value
}

export function optionalBoolean(value: unknown, field: string): boolean | undefined {
  if (value === undefined || typeof value === 'boolean') return value
  throw invalid(field, `expected a boolean, got ${kindOf(value)}`)
}

const TYPED = [ArrayBuffer, DataView, Date, Map, Set] as const

/**
 * A payload is plain data: objects, arrays, strings, numbers, booleans, null, bigint, Date,
 * Map, Set, ArrayBuffer and typed arrays. Functions, symbols, DOM nodes, class instances and
 * `__proto__` keys are refused. Its estimated size (string lengths plus 8 per other value or
 * key) is at most {@link MAX_PAYLOAD_BYTES}, its depth at most {@link MAX_PAYLOAD_DEPTH}.
 * The size is that of the expanded structure, as `JSON.stringify` or a listener would see it:
 * a shared reference counts each time it is reached, and an array counts 8 per slot of its
 * `length`, holes included. The walk stops as soon as the budget is spent, so its cost is
 * bounded whatever the payload (a cycle ends at the depth limit).
 */
export function validatePayload(value: unknown, field = 'payload'): Payload {
  let size = 0
  const add = (n: number) => {
    size += n
    if (size > MAX_PAYLOAD_BYTES) throw invalid(field, `larger than ${MAX_PAYLOAD_BYTES} bytes`)
  }
  const walk = (v: unknown, path: string, depth: number): void => {
    if (depth > MAX_PAYLOAD_DEPTH) throw invalid(field, `nested deeper than ${MAX_PAYLOAD_DEPTH}`)
    add(typeof v === 'string' ? v.length : 8)
    if (v === null || ['string', 'number', 'boolean', 'bigint', 'undefined'].includes(typeof v)) {
      return
    }
    if (typeof v !== 'object') throw invalid(path, `${typeof v} values cannot be sent`)
    if (ArrayBuffer.isView(v) || TYPED.some((T) => v instanceof T)) {
      if (v instanceof Map || v instanceof Set) {
        // Counted before it is walked: a huge Map is refused without reading it.
        add(8 * v.size * (v instanceof Map ? 2 : 1))
        for (const item of v instanceof Map ? [...v.keys(), ...v.values()] : v) {
          walk(item, path, depth + 1)
        }
      } else if ('byteLength' in v) {
        add((v as ArrayBuffer).byteLength)
      }
      return
    }
    if (Array.isArray(v)) {
      // Every slot up to `length` counts, holes too, before any is read.
      add(8 * v.length)
      for (let i = 0; i < v.length; i++) walk(v[i], `${path}.${i}`, depth + 1)
      // Other own keys of an array (rare) are checked like an object's.
      for (const k of Reflect.ownKeys(v)) {
        if (typeof k === 'symbol') throw invalid(path, 'symbol keys cannot be sent')
        if (k === 'length' || String(Number(k)) === k) continue
        if (k === '__proto__') throw invalid(`${path}.__proto__`, 'is not allowed')
        add(k.length)
        walk((v as unknown as Plain)[k], `${path}.${k}`, depth + 1)
      }
      return
    }
    if (!isPlainObject(v)) {
      throw invalid(path, 'only plain data can be sent (no class instances or DOM nodes)')
    }
    for (const k of Reflect.ownKeys(v)) {
      if (typeof k === 'symbol') throw invalid(path, 'symbol keys cannot be sent')
      if (k === '__proto__') throw invalid(`${path}.__proto__`, 'is not allowed')
      add(k.length)
      walk((v as Plain)[k], `${path}.${k}`, depth + 1)
    }
  }
  walk(value, field, 0)
  return value
}

export function validateSessionToken(
  value: unknown,
): SessionTokenRequest & { scope: ScopeName[]; appId?: never } {
  // `appId` (the original SDK's app id) is accepted and ignored: the host knows which widget
  // each frame is, whatever a page claims.
  const r = record(value, 'getSessionToken', ['scope', 'timeout', 'appId'])
  // The original SDK's form: one space-separated string. The SDK sends it as given.
  const scope = typeof r.scope === 'string' ? r.scope.split(' ').filter((s) => s) : r.scope
  if (!Array.isArray(scope)) {
    throw invalid('scope', `expected an array or a space-separated string, got ${kindOf(scope)}`)
  }
  if (scope.length === 0) throw invalid('scope', 'must name at least one scope')
  if (scope.length > MAX_SCOPES) throw invalid('scope', 'too many entries')
  // An index loop, not forEach: forEach skips the holes of a sparse array. Any well-formed name
  // passes: the platform decides which scopes exist, and the host which are enabled. Repeats
  // are dropped as the list is built (at most MAX_SCOPES names: no Set needed).
  const names: ScopeName[] = []
  for (let i = 0; i < scope.length; i++) {
    const name: unknown = scope[i]
    if (!isScopeName(name)) {
      throw invalid(
        `scope[${i}]`,
        `${JSON.stringify(String(name).slice(0, 64))} is not a scope name (dotted lowercase words)`,
      )
    }
    if (!names.includes(name)) names.push(name)
  }
  const out: { scope: ScopeName[]; timeout?: number } = { scope: names }
  const timeout = r.timeout
  if (timeout !== undefined) {
    if (typeof timeout !== 'number' || !(timeout >= 0)) {
      throw invalid(
        'timeout',
        `expected milliseconds (a number, 0 or more), got ${kindOf(timeout)}`,
      )
    }
    out.timeout = tokenTimeout(timeout)
  }
  return out
}

export function withPayload<T extends object>(out: T, r: Plain): T & { payload?: Payload } {
  return 'payload' in r && r.payload !== undefined
    ? { ...out, payload: validatePayload(r.payload) }
    : out
}

/** For operations that take no argument. */
export function validateEmpty(value: unknown, name: string): Record<string, never> {
  record(value ?? {}, name, [])
  return {}
}

/**
 * Whether `url` is an outside page `openLink` may open: an absolute `https:` URL (`http:` only
 * on {@link isLoopback} names), at most {@link MAX_URL_LENGTH} characters, with no user name or
 * password and no spaces or control characters (the URL parser would drop some of them
 * silently). So no `javascript:`, `data:`, `blob:`, `file:` or relative URL. Shared by the host
 * and the SDK's top-level `openLink`, so it is kept small.
 */
export function isLinkUrl(url: unknown): url is string {
  try {
    const u = new URL(url as string)
    return (
      typeof url === 'string' &&
      url.length <= MAX_URL_LENGTH &&
      // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
      !/[\s\0-\x1f\x7f-\x9f]/.test(url) &&
      u.username + u.password === '' &&
      (u.protocol === 'https:' || (u.protocol === 'http:' && isLoopback(u.hostname)))
    )
  } catch {
    return false
  }
}

/** What {@link isLinkUrl} refuses, as `openLink`'s `INVALID_ARGUMENT` says it. */
export const LINK_RULE =
  'expected an absolute https URL (http only on localhost), no user name or password'
