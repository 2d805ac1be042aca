// The byte budget the delivery logs and the stored records share: the emulator's and every
// sandbox's together, the oldest delivery of any log dropped first, its retry cancelled; records
// admitted while they fit, the logs making room for them; a stopped member no longer counts. A
// local program sending large events or records into many sandboxes cannot grow the memory.

import { afterEach, describe, expect, it } from 'vitest'
import { apps, controlTestApp } from './control/test-kit.js'
import { MEMORY_BUDGET_BYTES, MemoryBudget, WIDGET_SHARE_BYTES } from './memory-budget.js'
import { WEBHOOK_APP } from './test-harness.js'
import { createWebhookSender, type WebhookDelivery } from './webhooks.js'

const answered =
  (status: number): typeof fetch =>
  async () =>
    new Response('ok', { status })
const stops: (() => unknown)[] = []
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop()
})

/** A sender over a log of its own under `budget`. */
function logUnder(budget: MemoryBudget, post: typeof fetch = answered(200), retry = [60_000]) {
  const log: WebhookDelivery[] = []
  const sender = createWebhookSender(() => log, Date.now, {
    fetch: post,
    budget,
    retryDelaysMs: retry,
  })
  stops.push(() => sender.stop())
  return { log, sender }
}

const KIB = 'x'.repeat(1024)

describe('a byte budget over several delivery logs', () => {
  it('is 16 MiB by default, a quarter of it for each widget', () => {
    expect(MEMORY_BUDGET_BYTES).toBe(16 * 1024 * 1024)
    expect(new MemoryBudget().maxBytes).toBe(MEMORY_BUDGET_BYTES)
    expect(WIDGET_SHARE_BYTES).toBe(4 * 1024 * 1024)
    expect(new MemoryBudget().shareBytes).toBe(WIDGET_SHARE_BYTES)
  })

  it('drops the oldest deliveries of any log first, and keeps the total within it', async () => {
    const budget = new MemoryBudget(40_000)
    const a = logUnder(budget)
    const b = logUnder(budget)
    const sent: WebhookDelivery[] = []
    for (let i = 0; i < 30; i++) {
      sent.push((i % 2 ? b : a).sender.send(WEBHOOK_APP, 'payment.succeeded', { i, pad: KIB }))
      expect(budget.used()).toBeLessThanOrEqual(40_000)
    }
    await a.sender.settled()
    await b.sender.settled()
    expect(budget.used()).toBeLessThanOrEqual(40_000)
    const kept = [...a.log, ...b.log].map((d) => d.event.data.i as number).sort((x, y) => x - y)
    // The newest survive, in one unbroken run up to the last, from both logs.
    expect(kept.length).toBeGreaterThan(5)
    expect(kept.at(-1)).toBe(29)
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, k) => 30 - kept.length + k))
    expect(a.log.length).toBeGreaterThan(0)
    expect(b.log.length).toBeGreaterThan(0)
  })

  it('cancels the retry of a delivery it drops', async () => {
    const budget = new MemoryBudget(10_000)
    let posts = 0
    const down: typeof fetch = async () => {
      posts++
      return new Response('down', { status: 503 })
    }
    const failing = logUnder(budget, down, [20])
    const first = failing.sender.send(WEBHOOK_APP, 'payment.succeeded', { pad: KIB })
    await new Promise((r) => setTimeout(r, 5))
    expect(first.next_attempt_at).toBeDefined()
    // Someone else's events push it out.
    const other = logUnder(budget)
    for (let i = 0; i < 10; i++)
      other.sender.send(WEBHOOK_APP, 'payment.succeeded', { i, pad: KIB })
    expect(failing.log).not.toContain(first)
    expect(first.status).toBe('pending')
    expect(first.next_attempt_at).toBeUndefined()
    const before = posts
    await new Promise((r) => setTimeout(r, 60))
    expect(posts).toBe(before)
  })

  it('counts a stopped log no more', async () => {
    const budget = new MemoryBudget(1_000_000)
    const a = logUnder(budget)
    a.sender.send(WEBHOOK_APP, 'payment.succeeded', { pad: KIB })
    await a.sender.settled()
    expect(budget.used()).toBeGreaterThan(1024)
    await a.sender.stop()
    expect(budget.used()).toBe(0)
  })
})

/** A store of records under `budget`, by widget, as an emulator's state keeps them. */
function storeUnder(budget: MemoryBudget) {
  const held = new Map<string, number>()
  const store = {
    bytes: (widget?: string) =>
      widget === undefined
        ? [...held.values()].reduce((a, b) => a + b, 0)
        : (held.get(widget) ?? 0),
    add: (widget: string, n: number) => held.set(widget, (held.get(widget) ?? 0) + n),
  }
  budget.join(store)
  return store
}

describe('records under the same budget', () => {
  it('are admitted while the records fit, the logs dropping their oldest to make room', async () => {
    const budget = new MemoryBudget(40_000, 40_000)
    const a = logUnder(budget)
    for (let i = 0; i < 10; i++) a.sender.send(WEBHOOK_APP, 'payment.succeeded', { i, pad: KIB })
    await a.sender.settled()
    const logged = budget.used()
    expect(logged).toBeGreaterThan(10 * 1024)
    const store = storeUnder(budget)
    expect(budget.admit(store, 'w', 30_000)).toBeUndefined()
    expect(store.bytes()).toBe(30_000)
    expect(budget.used()).toBeLessThanOrEqual(40_000)
    // The newest deliveries stayed.
    expect(a.log.length).toBeGreaterThan(0)
    expect(a.log.length).toBeLessThan(10)
    expect(a.log.at(-1)?.event.data.i).toBe(9)
  })

  it('are refused, changing nothing, once the records alone would pass it', () => {
    const budget = new MemoryBudget(10_000, 10_000)
    const one = storeUnder(budget)
    const other = storeUnder(budget)
    expect(budget.admit(one, 'a', 6_000)).toBeUndefined()
    expect(budget.admit(other, 'b', 4_001)).toEqual({
      full: 'emulator',
      max_bytes: 10_000,
      stored_bytes: 6_000,
    })
    expect(other.bytes()).toBe(0)
    expect(budget.admit(other, 'b', 4_000)).toBeUndefined()
    expect(budget.stored()).toBe(10_000)
    expect(budget.admit(one, 'a', 1)).toBeDefined()
    // A store that leaves (its emulator stopped) frees its share.
    budget.leave(one)
    expect(budget.admit(other, 'b', 6_000)).toBeUndefined()
  })

  it('keep each widget within its share, in every store, and leave the others theirs', () => {
    const budget = new MemoryBudget(10_000, 4_000)
    const main = storeUnder(budget)
    const sandbox = storeUnder(budget)
    expect(budget.admit(main, 'a', 3_000)).toBeUndefined()
    expect(budget.admit(sandbox, 'a', 1_000)).toBeUndefined()
    // The same widget in a sandbox counts against the same share.
    expect(budget.admit(sandbox, 'a', 1)).toEqual({
      full: 'widget',
      max_bytes: 4_000,
      stored_bytes: 4_000,
    })
    expect(budget.stored('a')).toBe(4_000)
    // Another widget keeps all of its own, in either store.
    expect(budget.admit(main, 'b', 2_000)).toBeUndefined()
    expect(budget.admit(sandbox, 'b', 2_000)).toBeUndefined()
    expect(budget.stored()).toBe(8_000)
    // What a widget gives back is room for it again, never below nothing.
    budget.release(main, 'a', 500)
    expect(budget.admit(sandbox, 'a', 500)).toBeUndefined()
    budget.release(main, 'c', 500)
    expect(budget.stored('c')).toBe(0)
  })

  it('leave the logs their newest delivery only when the records fill it', () => {
    const budget = new MemoryBudget(20_000, 20_000)
    const store = storeUnder(budget)
    expect(budget.admit(store, 'w', 20_000)).toBeUndefined()
    const a = logUnder(budget)
    const b = logUnder(budget)
    // No URL: logged once, skipped, no attempt to count it again.
    const unsent = { ...WEBHOOK_APP, webhook_url: undefined }
    for (let i = 0; i < 5; i++) {
      a.sender.send(unsent, 'payment.succeeded', { i, pad: KIB })
      b.sender.send(unsent, 'payment.succeeded', { i, pad: KIB })
    }
    expect(a.log).toHaveLength(0)
    expect(b.log.map((d) => d.event.data.i)).toEqual([4])
  })
})

describe('the emulator and its sandboxes', () => {
  it('share one budget: triggers in a sandbox push out the main log’s oldest deliveries', async () => {
    const budget = new MemoryBudget(60_000)
    const control = controlTestApp({ webhooks: { fetch: answered(200) }, budget })
    stops.push(() => control.webhooks.stop())
    const call = async (path: string, json: unknown) =>
      (
        await control.app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(json),
        })
      ).json() as Promise<Record<string, unknown>>
    const trigger = (base: string, i: number) =>
      call(`${base}/control/v1/webhooks/trigger`, {
        type: 'installation.created',
        app_key: apps[0]!.app_key,
        data: { i, pad: 'y'.repeat(8 * 1024) },
      })
    await trigger('', 0)
    await trigger('', 1)
    const main = control.emulator.state.webhooks
    expect(main).toHaveLength(2)
    const sandbox = (await call('/control/v1/sandboxes', {})) as { id: string }
    for (let i = 2; i < 8; i++) await trigger(`/sandboxes/${sandbox.id}`, i)
    expect(budget.used()).toBeLessThanOrEqual(60_000)
    // The main log's two were the oldest: gone first.
    expect(main).toHaveLength(0)
    const listed = (await (
      await control.app.request(`/sandboxes/${sandbox.id}/control/v1/webhooks/deliveries`)
    ).json()) as { deliveries: { event: { data: { i: number } } }[] }
    expect(listed.deliveries.map((d) => d.event.data.i)[0]).toBe(7)
  })
})
