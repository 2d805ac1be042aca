// What the inspector keeps and shows of a widget's values, at a cost bounded whatever they are:
// a value is small as a graph and huge expanded (`new Array(2**32-1)`, shared references), so
// every walk here counts before it reads and stops at its budget, saying what it left out.

/** Characters of a string shown inside a preview. */
export const LONG = 200

/** A preview's limits: items per array, map, set or object; depth; values; characters. */
export const PREVIEW_LIMITS = { items: 100, depth: 20, values: 1000, chars: 64 * 1024 }

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text)

/**
 * In place of a value the inspector did not keep: the host traced no arguments (the call was
 * refused before they passed its checks), or the value was over the log's budget. Never widget
 * data: a structured clone cannot make one.
 */
export class Withheld {
  constructor(
    readonly why: 'untraced' | 'large',
    readonly limit = 0,
  ) {
    Object.freeze(this)
  }
  toString(): string {
    return this.why === 'untraced'
      ? '[not traced: the host refused the call before its arguments passed its checks]'
      : `[not kept: over ${this.limit} bytes, or unreadable]`
  }
}

const OVER = Symbol('over')

/**
 * The estimated size of `value` as the host's payload budget counts it (string lengths, 8 per
 * other value or key, every array slot up to `length`, a Map or Set by its size, bytes by their
 * length), or `Infinity` once over `cap` (or unreadable, or nested deeper than 64). Counted
 * before it is read: the walk costs at most about `cap / 8` steps.
 */
export function measure(value: unknown, cap: number): number {
  let size = 0
  const add = (n: number) => {
    size += n
    if (size > cap) throw OVER
  }
  const walk = (v: unknown, depth: number): void => {
    if (depth > 64) throw OVER
    add(typeof v === 'string' ? v.length : 8)
    if (v === null || typeof v !== 'object' || v instanceof Withheld) return
    if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) {
      add(v.byteLength)
      return
    }
    if (v instanceof Map || v instanceof Set) {
      add(8 * v.size * (v instanceof Map ? 2 : 1))
      for (const item of v instanceof Map ? [...v.keys(), ...v.values()] : v) walk(item, depth + 1)
      return
    }
    if (Array.isArray(v)) add(8 * v.length)
    for (const k of Object.keys(v)) {
      add(k.length)
      walk((v as Record<string, unknown>)[k], depth + 1)
    }
  }
  try {
    walk(value, 0)
    return size
  } catch {
    return Number.POSITIVE_INFINITY
  }
}

/**
 * JSON for the eye: what JSON cannot say (bigint, Map, Set, bytes) spelled out, long strings
 * cut, and at most {@link PREVIEW_LIMITS}: past them a marker says what was left out.
 */
export function preview(value: unknown, { pretty = false }: { pretty?: boolean } = {}): string {
  const { items, depth: deepest, values, chars } = PREVIEW_LIMITS
  let count = 0
  const path = new Set<object>()
  /** The first `items` of `all`, and how many more there were. */
  const some = (all: Iterable<unknown>, size: number, level: number): unknown[] => {
    const out: unknown[] = []
    for (const item of all) {
      if (out.length >= items) break
      out.push(shrink(item, level + 1))
    }
    if (size > out.length) out.push(`… ${size - out.length} more`)
    return out
  }
  const shrink = (v: unknown, level: number): unknown => {
    if (typeof v === 'bigint') return `${v}n`
    if (typeof v === 'string') return cut(v, LONG)
    if (v === undefined) return null
    if (v === null || typeof v !== 'object') return v
    if (v instanceof Withheld) return String(v)
    if (++count > values) return `… [cut: more than ${values} values]`
    if (level >= deepest) return `… [cut: deeper than ${deepest} levels]`
    if (path.has(v)) return '[cycle]'
    path.add(v)
    try {
      if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString()
      if (v instanceof Map) return { Map: some(v, v.size, level) }
      if (v instanceof Set) return { Set: some(v, v.size, level) }
      if (ArrayBuffer.isView(v)) {
        // The first LONG bytes write more than LONG characters: cut as the whole would be.
        const head = new Uint8Array(v.buffer, v.byteOffset, Math.min(v.byteLength, LONG))
        return { [v.constructor.name]: cut(String(head), LONG) }
      }
      if (v instanceof ArrayBuffer) return { ArrayBuffer: v.byteLength }
      if (Array.isArray(v)) {
        // Indexes, not an iterator over a sparse array's length: holes read as undefined.
        const head = Array.from({ length: Math.min(v.length, items) }, (_, i) => v[i])
        const out = head.map((item) => shrink(item, level + 1))
        if (v.length > head.length) out.push(`… ${v.length - head.length} more items`)
        return out
      }
      const keys = Object.keys(v)
      // A null prototype: a "__proto__" key stays an own key, as JSON writes it.
      const out: Record<string, unknown> = Object.create(null)
      for (const k of keys.slice(0, items)) {
        out[cut(k, LONG)] = shrink((v as Record<string, unknown>)[k], level + 1)
      }
      if (keys.length > items) out['…'] = `${keys.length - items} more keys`
      return out
    } finally {
      path.delete(v)
    }
  }
  const text = JSON.stringify(shrink(value, 0), null, pretty ? 2 : undefined) ?? String(value)
  return text.length > chars
    ? `${text.slice(0, chars)}… [cut: ${text.length - chars} more characters]`
    : text
}
