// Values as JavaScript literals for "Copy as test": every value came from a widget (hostile), so
// each is rebuilt from JSON-quoted strings and checked numbers, never pasted as code, and the
// whole is bounded (LITERAL_LIMITS).

/** A property name: as is when it is a plain identifier, else quoted (never `__proto__` bare). */
export function prop(key: string): string {
  if (key === '__proto__') return `[${JSON.stringify(key)}]`
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)
}

const TYPED = new Set([
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
])

/** A literal's budget: characters written, and depth. */
export const LITERAL_LIMITS = { chars: 256 * 1024, depth: 32 }

class Cut {
  constructor(readonly why: string) {}
}

/**
 * `value` as a JavaScript literal that evaluates to an equal value: strings JSON-quoted, numbers
 * written by the engine, and the structured-clone types (Date, Map, Set, typed arrays, bigint)
 * rebuilt by their constructors. Nothing of the value is ever emitted unquoted. Over
 * {@link LITERAL_LIMITS} (counted before a large part is read), an expression that throws an
 * error saying what was cut: a replayed test then fails loudly instead of checking other data.
 */
export function literal(value: unknown): string {
  const written = tryLiteral(value)
  if ('text' in written) return written.text
  return `(() => { throw new Error(${JSON.stringify(`value cut: ${written.cut}`)}) })()`
}

/** Charges `n` characters of the budget; over it, throws a `Cut` saying `what`. */
type Spend = (n: number, what?: string) => void

/** A primitive's literal (what cannot be written is `undefined`), or no text for an object. */
function primitiveLiteral(value: unknown, spend: Spend): string | undefined {
  if (value === undefined) return 'undefined'
  if (value === null) return 'null'
  switch (typeof value) {
    case 'string':
      spend(value.length + 2)
      return JSON.stringify(value)
    case 'boolean':
      return String(value)
    case 'number':
      spend(24)
      return Object.is(value, -0) ? '-0' : String(value)
    case 'bigint': {
      const text = `${value}n`
      spend(text.length)
      return text
    }
    case 'object':
      return undefined
    default:
      return 'undefined'
  }
}

/**
 * An object's literal, its parts written by `inner`: one case per structured-clone type. `items`
 * charges a container's items before they are read.
 */
function objectLiteral(
  object: object,
  inner: (value: unknown) => string,
  items: (n: number, what: string) => void,
  spend: Spend,
): string {
  if (Array.isArray(object)) {
    items(object.length, 'an array')
    return `[${Array.from(object, inner).join(', ')}]`
  }
  if (object instanceof Date) return `new Date(${inner(object.getTime())})`
  if (object instanceof Map) {
    items(object.size, 'a Map')
    return `new Map([${[...object].map(([k, v]) => `[${inner(k)}, ${inner(v)}]`).join(', ')}])`
  }
  if (object instanceof Set) {
    items(object.size, 'a Set')
    return `new Set([${[...object].map(inner).join(', ')}])`
  }
  if (object instanceof ArrayBuffer) {
    items(object.byteLength, 'an ArrayBuffer')
    return `new Uint8Array(${inner([...new Uint8Array(object)])}).buffer`
  }
  if (ArrayBuffer.isView(object)) {
    const name = object.constructor.name
    if (!TYPED.has(name)) return 'undefined'
    const list = object as unknown as ArrayLike<unknown>
    items(list.length, `a ${name}`)
    return `new ${name}(${inner(Array.from(list))})`
  }
  if (object instanceof RegExp) return `new RegExp(${inner(object.source)}, ${inner(object.flags)})`
  if (object instanceof Error) return `new Error(${inner(object.message)})`
  const keys = Object.keys(object)
  items(keys.length, 'an object')
  const entries = keys.map((k) => {
    spend(k.length + 4)
    return `${prop(k)}: ${inner((object as Record<string, unknown>)[k])}`
  })
  return entries.length ? `{ ${entries.join(', ')} }` : '{}'
}

/** {@link literal}, or what it would have cut. */
export function tryLiteral(value: unknown): { text: string } | { cut: string } {
  const { chars, depth: deepest } = LITERAL_LIMITS
  let left = chars
  const spend: Spend = (n, what = `more than ${chars} characters`) => {
    left -= n
    if (left < 0) throw new Cut(what)
  }
  /** A container of `n` items writes at least two characters each: charged before. */
  const items = (n: number, what: string) =>
    spend(2 * n, `${what} of ${n} items, more than ${chars} characters`)
  const seen = new Set<object>()
  const write = (value: unknown, depth: number): string => {
    const simple = primitiveLiteral(value, spend)
    if (simple !== undefined) return simple
    const object = value as object
    if (seen.has(object)) return 'undefined'
    if (depth >= deepest) throw new Cut(`nested deeper than ${deepest} levels`)
    seen.add(object)
    try {
      return objectLiteral(object, (v) => write(v, depth + 1), items, spend)
    } finally {
      seen.delete(object)
    }
  }
  try {
    return { text: write(value, 0) }
  } catch (error) {
    if (error instanceof Cut) return { cut: error.why }
    throw error
  }
}
