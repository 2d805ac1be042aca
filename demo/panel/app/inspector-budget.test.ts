import type { TraceEntry } from 'platform-widget-sdk/host'
import { describe, expect, it } from 'vitest'
import { STRINGS } from './i18n.js'
import { createLists } from './inspector-lists.js'
import { preview } from './inspector-rows.js'
import { literal, type TestTarget, testSource } from './test-source.js'
import { type CallRecord, createTraceLog } from './trace-log.js'

/**
 * The inspector holds and draws what a hostile widget made: what it keeps is bounded in bytes as
 * well as calls, its views stop at a budget and say so, and one row that fails to draw leaves
 * the others (and the webhook list) drawn.
 */

const t = STRINGS.en.inspector
const TARGET: TestTarget = {
  app_key: 'w',
  name: 'W',
  context: 'doctor-panel',
  scopes: [],
  products: [],
  plans: [],
}

/** Characters of the strings and slots of arrays reachable from `value`: what it keeps alive. */
function retained(value: unknown, seen = new Set<unknown>()): number {
  if (typeof value === 'string') return value.length
  if (!value || typeof value !== 'object' || seen.has(value)) return 0
  seen.add(value)
  const own = Array.isArray(value) ? value.length : 0
  return Object.values(value).reduce<number>((n, v) => n + retained(v, seen), own)
}

const call = (call_id: number, args: unknown): TraceEntry => ({
  type: 'call',
  app_key: 'w',
  call_id,
  time: call_id,
  method: 'pay',
  args,
})

const record = (call_id: number, args: unknown, rest: Partial<CallRecord> = {}): CallRecord => ({
  call_id,
  app_key: 'w',
  method: 'pay',
  args,
  time: 0,
  dialogs: [],
  events: [],
  ...rest,
})

describe('the trace log’s byte budget', () => {
  it('keeps a few MB per widget, however large the arguments and results it is given', () => {
    const log = createTraceLog()
    const huge = 'x'.repeat(2_000_000)
    for (let id = 1; id <= 300; id++) {
      log.record(call(id, { product_key: huge }))
      log.record({
        type: 'result',
        app_key: 'w',
        call_id: id,
        time: id,
        method: 'pay',
        duration: 1,
        ok: true,
        value: { echo: huge },
      })
    }
    const calls = log.calls('w')
    // 300 calls of 4 MB each were given (1.2 GB as text); a few MB are kept.
    expect(retained(calls)).toBeLessThanOrEqual(8 * 1024 * 1024)
    // The newest call is still there, with what it was cut to said in its place.
    expect(calls.at(-1)?.call_id).toBe(300)
    expect(preview(calls.at(-1)?.args)).toMatch(/not kept/)
  })

  it('drops the oldest calls first to stay within the budget', () => {
    const log = createTraceLog()
    const big = 'y'.repeat(60_000)
    for (let id = 1; id <= 200; id++) log.record(call(id, { product_key: big }))
    const ids = log.calls('w').map((c) => c.call_id)
    expect(ids.length).toBeLessThan(200)
    expect(ids.at(-1)).toBe(200)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    expect(retained(log.calls('w'))).toBeLessThanOrEqual(8 * 1024 * 1024)
  })

  it('a call traced without arguments (refused by the host) is shown so, never replayed', () => {
    const log = createTraceLog()
    log.record({ type: 'call', app_key: 'w', call_id: 1, time: 1, method: 'pay' })
    log.record({
      type: 'result',
      app_key: 'w',
      call_id: 1,
      time: 2,
      method: 'pay',
      duration: 1,
      ok: false,
      error: { code: 'INVALID_ARGUMENT', message: 'product_key: must be 1 to 128 characters' },
    })
    const [only] = log.calls('w')
    expect(preview(only?.args)).toMatch(/not traced/)
    const source = testSource(TARGET, log.calls('w'))
    expect(source).toMatch(/not replayed: .*arguments/)
    expect(source).not.toMatch(/payment\.pay\(/)
  })
})

describe('preview and literal stop at a budget', () => {
  it.each([
    ['2**25 holes', { x: new Array(2 ** 25) }],
    ['2**32-1 holes', { x: new Array(2 ** 32 - 1) }],
    ['a Map of 200,000', new Map(Array.from({ length: 200_000 }, (_, i) => [i, i]))],
    ['a string of 5 MB', 'z'.repeat(5_000_000)],
    ['bytes, 10 MB', new Uint8Array(10_000_000)],
  ])('preview of %s completes, small, saying what was cut', (_name, value) => {
    for (const pretty of [false, true]) {
      const text = preview(value, { pretty })
      expect(text.length).toBeLessThanOrEqual(70_000)
      expect(text).toMatch(/more|…/)
    }
  })

  it('preview of a deep nest completes and says it went no deeper', () => {
    let deep: unknown = 1
    for (let i = 0; i < 50_000; i++) deep = [deep]
    const text = preview(deep, { pretty: true })
    expect(text.length).toBeLessThanOrEqual(70_000)
    expect(text).toMatch(/deeper/)
  })

  it('a shared reference expanded many times stays within the output budget', () => {
    let node: unknown = ['leaf']
    for (let i = 0; i < 40; i++) node = [node, node]
    expect(preview(node, { pretty: true }).length).toBeLessThanOrEqual(70_000)
  })

  it.each([
    ['2**24 holes', { x: new Array(2 ** 24) }],
    ['2**32-1 holes', { x: new Array(2 ** 32 - 1) }],
    ['a string of 5 MB', 'z'.repeat(5_000_000)],
  ])('literal of %s completes, small, and evaluates to an error naming the cut', (_, value) => {
    const text = literal(value)
    expect(text.length).toBeLessThanOrEqual(300_000)
    expect(() => new Function(`return (${text})`)()).toThrow(/cut/)
  })

  it('a test copied from a call too large to write out does not replay it', () => {
    const calls = [
      record(
        1,
        { product_key: 'pro', payload: { x: new Array(2 ** 24) } },
        {
          result: { ok: true, value: { event: 'PLATFORM_PAYMENT_CANCEL' } },
        },
      ),
    ]
    const source = testSource(TARGET, calls)
    expect(source.length).toBeLessThanOrEqual(300_000)
    expect(source).toMatch(/not replayed: .*too large/)
  })
})

describe('a row that fails to draw', () => {
  const lists = () => {
    const calls = document.createElement('ul')
    const hooks = document.createElement('ul')
    const title = document.createElement('h2')
    return { calls, hooks, ...createLists({ calls, hooks, title, locale: 'en', t }) }
  }
  const state = () => ({ selected: false, open: false })
  const hostile = {
    get product_key(): string {
      throw new Error('a getter that throws')
    },
  }

  it.each([
    ['a value that throws when read', hostile],
    ['a sparse array of 2**32-1', { x: new Array(2 ** 32 - 1) }],
  ])('%s: drawn as an error row, later calls and webhooks still drawn', (_, args) => {
    const view = lists()
    const all = [record(1, { product_key: 'a' }), record(2, args), record(3, { product_key: 'c' })]
    view.drawCalls(all, state)
    expect([...view.calls.children].map((li) => li.getAttribute('data-call-id'))).toEqual([
      '1',
      '2',
      '3',
    ])
    if (args === hostile) {
      expect(view.calls.querySelector('[data-call-id="2"]')?.className).toBe('call failed')
      expect(view.calls.querySelector('[data-call-id="2"]')?.textContent).toContain('Error')
    }
    // A later call is drawn too: the failing row is not retried on every redraw.
    view.drawCalls([...all, record(4, { product_key: 'd' })], state)
    expect(view.calls.querySelector('[data-call-id="4"]')).not.toBeNull()
    view.drawHooks(all, [], '')
    expect(view.hooks.textContent).toContain(t.noWebhooks)
  })
})
