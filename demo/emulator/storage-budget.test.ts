// What a local program makes the emulator keep is bounded: a receipt's payload over 16 KiB of
// JSON is refused with 413, and receipts, chat, bot and SMS messages and installations share the
// delivery logs' byte budget with every sandbox, each widget within a share of its own, refused
// with 507 once full, changing nothing. The budgets here are small ones the tests make; a store
// of the test's own fills one exactly.

import { describe, expect, it } from 'vitest'
import type { AppConfig } from '../shared/config-types.js'
import { MemoryBudget, type Store } from './memory-budget.js'
import {
  allScopeApps,
  BOOKING,
  bearer,
  botKeys,
  DOCTOR,
  emulatorHarness,
  type Harness,
} from './test-harness.js'

const LIMIT = 16 * 1024
/** A payload of `bytes` bytes of JSON (a string: two quotes and the characters). */
const payloadOf = (bytes: number) => 'x'.repeat(bytes - 2)

/** A budget of `max` bytes whose one widget may take all of it (the whole budget's tests). */
const whole = (max: number) => new MemoryBudget(max, max)
/** The bytes `h`'s emulator keeps for all its widgets. */
const keptBytes = (h: Harness) =>
  [...h.emulator.state.storedBytes.values()].reduce((a, b) => a + b, 0)

function setup(budget = new MemoryBudget()) {
  const h = emulatorHarness({ apps: allScopeApps, budget })
  return { h, budget }
}

const receipt = (h: Harness, payload?: unknown) =>
  h.call('POST', `/api/v1/apps/${DOCTOR.app_key}/monetization/receipts`, {
    headers: { 'x-api-key': DOCTOR.developer_key },
    json: { title: 'Order 1', amount: 10_000, user_id: 'dr-1', payload },
  })
const panelPays = (h: Harness, payload?: unknown) =>
  h.call('POST', `/internal/users/dr-1/apps/${DOCTOR.app_key}/payments`, {
    json: { kind: 'pay', product_key: 'pro', amount: 1_250_000, payload },
  })
const controlPays = (h: Harness, payload?: unknown) =>
  h.call('POST', '/control/v1/payments', {
    json: { app_key: DOCTOR.app_key, kind: 'pay', product_key: 'pro', payload },
  })

describe('a payload over 16 KiB of JSON: 413 PAYLOAD_TOO_LARGE, nothing kept', () => {
  it.each([
    ['the backend creating a receipt', receipt, 201],
    ['the control API completing a payment', controlPays, 201],
  ])('%s', async (_, call, created) => {
    const { h } = setup()
    const before = h.emulator.state.receipts.size
    const res = await call(h, payloadOf(LIMIT + 1))
    expect(res.status).toBe(413)
    expect(res.body).toMatchObject({ error: 'PAYLOAD_TOO_LARGE', max_bytes: LIMIT })
    expect(res.body.message).toContain(`payload: ${LIMIT + 1} bytes`)
    expect(h.emulator.state.receipts.size).toBe(before)
    expect(keptBytes(h)).toBe(0)
    expect(h.sent).toEqual([])
    // At the limit it is kept.
    expect((await call(h, payloadOf(LIMIT))).status).toBe(created)
    expect(h.emulator.state.receipts.size).toBe(before + 1)
  })
})

it("the panel's payment keeps what the SDK admits, though its JSON passes 16 KiB", async () => {
  const { h } = setup()
  // 10,000 Persian letters: 10,000 by the SDK's measure, 20,002 bytes of JSON.
  const persian = 'س'.repeat(10_000)
  const paid = await panelPays(h, persian)
  expect(paid.status).toBe(200)
  expect(h.emulator.state.receipts.get(paid.body.receipt_id)?.payload).toBe(persian)
})

/** A store of the test's own under `budget`, holding everything the others leave. */
function fill(budget: MemoryBudget): Store {
  let held = 0
  const filler: Store = {
    bytes: (w) => (w === 'filler' || w === undefined ? held : 0),
    add: (_, n) => (held += n),
  }
  budget.join(filler)
  expect(budget.admit(filler, 'filler', budget.maxBytes - budget.stored())).toBeUndefined()
  return filler
}

/** What a refused call must leave as it was. */
const snapshot = (h: Harness) => {
  const s = h.emulator.state
  return {
    receipts: [...s.receipts.keys()],
    payloads: [...s.receipts.values()].map((r) => r.payload),
    chat: s.chatMessages.length,
    bot: s.botMessages.length,
    sms: s.messages.length,
    credit: s.users.get('dr-1')!.sms.credit,
    bytes: keptBytes(h),
    webhooks: s.webhooks.length,
  }
}

type Call = (h: Harness) => Promise<{ status: number; body: Record<string, unknown> }>
const token = (h: Harness) => h.token(['provider.appointment.write', 'provider.sms.write'])

/** Every route that keeps something a program sent, ready to call (its setup done). */
const STORING: [string, (h: Harness) => Promise<Call>][] = [
  ['POST …/monetization/receipts', async () => (h) => receipt(h, { order: 1 })],
  [
    'POST /open-platform/v1/chats/{id}/messages',
    async (h) => {
      const headers = bearer(await token(h))
      return (h) =>
        h.call('POST', '/open-platform/v1/chats/70001/messages', {
          headers,
          json: { text: 'See you tomorrow' },
        })
    },
  ],
  [
    'POST /v1/chatbot/messages',
    async (h) => {
      const json = { user_id: 'pt-1' }
      expect(
        (await h.call('POST', '/v1/chatbot/conversations', { headers: botKeys(), json })).status,
      ).toBe(200)
      return (h) =>
        h.call('POST', '/v1/chatbot/messages', {
          headers: botKeys(),
          json: { ...json, content: 'Your results are ready' },
        })
    },
  ],
  [
    'POST /v1/sms/messages',
    async (h) => {
      h.emulator.state.users.get('dr-1')!.sms = { active: true, credit: 10 }
      const headers = bearer(await token(h))
      return (h) =>
        h.call('POST', '/v1/sms/messages', { headers, json: { to: '09121112233', text: 'hi' } })
    },
  ],
  ['the panel paying a product', async () => (h) => panelPays(h, { order: 1 })],
  [
    "the panel paying a backend's receipt, with the page's payload",
    async (h) => {
      const created = await receipt(h)
      expect(created.status).toBe(201)
      return (h) =>
        h.call('POST', `/internal/users/dr-1/apps/${DOCTOR.app_key}/payments`, {
          json: {
            kind: 'pay',
            receipt_id: created.body.receipt_id,
            amount: 10_000,
            payload: { page: 1 },
          },
        })
    },
  ],
  [
    'the panel topping SMS up',
    async () => (h) =>
      h.call('POST', `/internal/users/dr-1/apps/${DOCTOR.app_key}/sms/charge`, {
        json: { count: 10, price: 100_000 },
      }),
  ],
  ['the control API completing a payment', async () => (h) => controlPays(h, { order: 1 })],
]

describe('the budget full: 507 STORAGE_FULL, nothing changed', () => {
  it.each(STORING)('%s', async (_, prepare) => {
    const { h, budget } = setup(whole(1_000_000))
    const call = await prepare(h)
    const filler = fill(budget)
    const before = snapshot(h)
    const refused = await call(h)
    expect(refused.status).toBe(507)
    expect(refused.body).toMatchObject({
      error: 'STORAGE_FULL',
      max_bytes: 1_000_000,
      stored_bytes: budget.stored(),
      full: 'emulator',
    })
    expect(refused.body.message).toMatch(
      /1000000 bytes of receipts, messages, installations and webhook deliveries/,
    )
    expect(snapshot(h)).toEqual(before)
    expect(budget.stored()).toBe(1_000_000)
    // The budget was all that stood in the way: with room again, the same call is kept.
    budget.leave(filler)
    const kept = await call(h)
    expect(kept.status, JSON.stringify(kept.body)).toBeLessThan(300)
    expect(keptBytes(h)).toBeGreaterThan(before.bytes)
  })
})

describe('filled by a program', () => {
  it('keeps receipts until the budget is spent, then refuses every one: memory stays bounded', async () => {
    const { h, budget } = setup(whole(40_000))
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) statuses.push((await receipt(h, payloadOf(LIMIT / 2))).status)
    const kept = statuses.filter((s) => s === 201).length
    // 8 KiB payloads: four fit in 40,000 bytes, the rest are refused.
    expect(kept).toBe(4)
    expect(statuses).toEqual([...Array(kept).fill(201), ...Array(12 - kept).fill(507)])
    expect(h.emulator.state.receipts.size).toBe(h.emulator.state.fixtures.receipts.length + kept)
    expect(budget.stored()).toBe(keptBytes(h))
    expect(budget.stored()).toBeLessThanOrEqual(40_000)
    // A small one still fits in what is left.
    expect((await receipt(h)).status).toBe(201)
  })

  it('a reset empties what it kept', async () => {
    const { h, budget } = setup(whole(20_000))
    for (let i = 0; i < 5; i++) await receipt(h, payloadOf(LIMIT / 2))
    expect(budget.stored()).toBeGreaterThan(16_000)
    expect(budget.stored()).toBeLessThanOrEqual(20_000)
    expect((await h.call('POST', '/control/v1/reset')).status).toBe(200)
    expect(budget.stored()).toBe(0)
    expect((await receipt(h, payloadOf(LIMIT / 2))).status).toBe(201)
  })
})

describe('the emulator and its sandboxes', () => {
  it('share one budget: receipts in a sandbox fill it for the main emulator too, until it is deleted', async () => {
    const { h, budget } = setup(whole(40_000))
    const made = await h.call('POST', '/control/v1/sandboxes', { json: {} })
    expect(made.status).toBe(201)
    const sandbox = `/sandboxes/${made.body.id}`
    const inSandbox = () =>
      h.call('POST', `${sandbox}/api/v1/apps/${DOCTOR.app_key}/monetization/receipts`, {
        headers: { 'x-api-key': DOCTOR.developer_key },
        json: { title: 'Order 1', amount: 10_000, user_id: 'dr-1', payload: payloadOf(LIMIT / 2) },
      })
    let kept = 0
    for (let i = 0; i < 6; i++) if ((await inSandbox()).status === 201) kept++
    expect(kept).toBe(4)
    expect(keptBytes(h)).toBe(0)
    const refused = await receipt(h, payloadOf(LIMIT / 2))
    expect(refused.status).toBe(507)
    expect(refused.body.error).toBe('STORAGE_FULL')
    // A second sandbox gets no budget of its own either.
    const other = await h.call('POST', '/control/v1/sandboxes', { json: {} })
    const chat = await h.call('POST', `/sandboxes/${other.body.id}/control/v1/payments`, {
      json: {
        app_key: DOCTOR.app_key,
        kind: 'pay',
        product_key: 'pro',
        payload: payloadOf(LIMIT / 2),
      },
    })
    expect(chat.status).toBe(507)
    // The sandbox deleted, its receipts count no more.
    expect((await h.call('DELETE', `/control/v1/sandboxes/${made.body.id}`)).status).toBe(204)
    expect(budget.stored()).toBe(0)
    expect((await receipt(h, payloadOf(LIMIT / 2))).status).toBe(201)
  })
})

describe('each widget its own share', () => {
  const receiptOf = (h: Harness, app: AppConfig, payload?: unknown, base = '') =>
    h.call('POST', `${base}/api/v1/apps/${app.app_key}/monetization/receipts`, {
      headers: { 'x-api-key': app.developer_key },
      json: { title: 'Order 1', amount: 10_000, user_id: 'dr-1', payload },
    })

  it('one widget filling its share gets 507; another, and its sandboxes, keep working', async () => {
    // A share of 20,000 bytes in a budget of 80,000.
    const { h, budget } = setup(new MemoryBudget(80_000, 20_000))
    const statuses: number[] = []
    for (let i = 0; i < 6; i++)
      statuses.push((await receiptOf(h, DOCTOR, payloadOf(LIMIT / 2))).status)
    expect(statuses).toEqual([201, 201, 507, 507, 507, 507])
    const refused = await receiptOf(h, DOCTOR, payloadOf(LIMIT / 2))
    expect(refused.status).toBe(507)
    expect(refused.body).toMatchObject({ error: 'STORAGE_FULL', full: 'widget', max_bytes: 20_000 })
    expect(refused.body.message).toContain(`${DOCTOR.app_key}'s take`)
    // The same widget in a sandbox made from the command's apps shares the same share.
    const made = await h.call('POST', '/control/v1/sandboxes', { json: {} })
    const sandbox = `/sandboxes/${made.body.id}`
    expect((await receiptOf(h, DOCTOR, payloadOf(LIMIT / 2), sandbox)).status).toBe(507)
    // The other widget: its first receipt, and more, here and in the sandbox.
    expect((await receiptOf(h, BOOKING)).status).toBe(201)
    expect((await receiptOf(h, BOOKING, payloadOf(LIMIT / 2), sandbox)).status).toBe(201)
    expect(budget.stored()).toBeLessThanOrEqual(80_000)
  })
})

describe('installations count', () => {
  const ids = (n: number, from = 0) =>
    Array.from({ length: n }, (_, i) => `u${String(from + i).padStart(63, '0')}`)
  const installs = (h: Harness, method: 'POST' | 'DELETE', user_ids: string[], app = DOCTOR) =>
    h.call(method, `/api/v1/apps/${app.app_key}/installations`, {
      headers: { 'x-api-key': app.developer_key },
      json: { user_ids },
    })

  it("against the widget's share: 507 once full, nothing installed; removed ones give it back", async () => {
    // 200 ids of 64 characters: 13,200 bytes of JSON; two calls pass a share of 20,000.
    const { h, budget } = setup(new MemoryBudget(1_000_000, 20_000))
    expect((await installs(h, 'POST', ids(200))).status).toBe(200)
    expect(budget.stored()).toBe(200 * 66)
    const refused = await installs(h, 'POST', ids(200, 200))
    expect(refused.status).toBe(507)
    expect(refused.body).toMatchObject({ error: 'STORAGE_FULL', full: 'widget', max_bytes: 20_000 })
    expect(h.emulator.state.installations.get(DOCTOR.app_key)?.size).toBe(201)
    // Ids already installed cost nothing more.
    expect((await installs(h, 'POST', ids(200))).status).toBe(200)
    // Another widget installs as before.
    expect((await installs(h, 'POST', ids(200), BOOKING)).status).toBe(200)
    // Removed, they make room again.
    expect((await installs(h, 'DELETE', ids(200))).status).toBe(200)
    expect(budget.stored(DOCTOR.developer_key)).toBe(0)
    expect((await installs(h, 'POST', ids(200, 200))).status).toBe(200)
  })

  it('at most 1,000 ids a call: 413 with the limit, nothing installed', async () => {
    const { h } = setup()
    const many = Array.from({ length: 1001 }, (_, i) => `p${i}`)
    const refused = await installs(h, 'POST', many)
    expect(refused.status).toBe(413)
    expect(refused.body).toMatchObject({ error: 'PAYLOAD_TOO_LARGE', max_items: 1000 })
    expect(refused.body.message).toContain('user_ids: 1001 ids')
    expect(h.emulator.state.installations.get(DOCTOR.app_key)?.size).toBe(1)
    expect((await installs(h, 'DELETE', many)).status).toBe(413)
    expect((await installs(h, 'POST', many.slice(0, 1000))).status).toBe(200)
  })
})
