// Payments a widget backend can trust: the SDK call's payload is stored with the receipt and comes
// back from monetization verify and in the webhooks; a backend creates receipts itself; a doctor
// service is refunded once, and a refunded receipt no longer verifies.

import { verifyWebhook } from 'platform-widget-server'
import { beforeEach, describe, expect, it } from 'vitest'
import type { AppConfig } from '../shared/config-types.js'
import type { Emulator } from './app.js'
import { sampleWidgets as apps, PANEL, testEmulator } from './test-harness.js'

const app = (key: string) => apps.find((a) => a.app_key === key)!
const DOCTOR = app('demo-doctor')
const BOOKING = app('demo-booking')
const PROFILE = app('demo-profile')

let emulator: Emulator
let sent: { body: string; headers: Headers }[]

beforeEach(() => {
  sent = []
  emulator = testEmulator({
    apps,
    webhooks: {
      fetch: async (input, init) => {
        const request = new Request(input, init)
        sent.push({ body: await request.text(), headers: request.headers })
        return new Response(null, { status: 204 })
      },
      retryDelaysMs: [],
    },
  })
})

/** The panel's call (what the host's backend adapter sends), with its idempotency key if given. */
async function panelPays(
  target: AppConfig,
  user: string,
  body: Record<string, unknown>,
  key?: string,
) {
  const res = await emulator.app.request(
    `/internal/users/${user}/apps/${target.app_key}/payments`,
    {
      method: 'POST',
      headers: {
        origin: PANEL,
        'content-type': 'application/json',
        ...(key && { 'idempotency-key': key }),
      },
      body: JSON.stringify(body),
    },
  )
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

/** A widget backend's call with its developer key. */
async function backend(target: AppConfig, path: string, body: unknown) {
  const res = await emulator.app.request(`/api/v1/apps/${target.app_key}${path}`, {
    method: 'POST',
    headers: { 'x-api-key': target.developer_key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

const verify = (target: AppConfig, receipt_id: unknown) =>
  backend(target, '/monetization/verify', { receipt_id })

/** The data of every webhook sent so far, verified with the widget's secret. */
async function webhookData(target: AppConfig) {
  await emulator.webhooks.settled()
  return sent.map(
    ({ body, headers }) =>
      verifyWebhook(body, headers, target.webhook_secret) as {
        type: string
        data: Record<string, unknown>
      },
  )
}

const ORDER = { order_id: 'ord-42', lines: [{ sku: 'pro', qty: 1 }], note: 'سلام' }

describe('the payload of a payment', () => {
  it('round-trips through pay, verify and payment.succeeded', async () => {
    const paid = await panelPays(DOCTOR, 'dr-1', {
      kind: 'pay',
      product_key: 'pro',
      amount: 1_250_000,
      payload: ORDER,
    })
    expect(paid.status).toBe(200)
    const receipt_id = paid.body.receipt_id as string
    const verified = await verify(DOCTOR, receipt_id)
    expect(verified).toEqual({
      status: 200,
      body: expect.objectContaining({
        verified: true,
        receipt_id,
        kind: 'product',
        key: 'pro',
        product_key: 'pro',
        amount: 1_250_000,
        user_id: 'dr-1',
        payload: ORDER,
      }),
    })
    const [event] = await webhookData(DOCTOR)
    expect(event).toMatchObject({ type: 'payment.succeeded', data: { receipt_id, payload: ORDER } })
  })

  it('round-trips through subscribe, verify and subscription.succeeded', async () => {
    const paid = await panelPays(DOCTOR, 'dr-1', {
      kind: 'subscribe',
      plan_key: 'yearly',
      amount: 3_000_000,
      payload: 'seat-7',
    })
    const receipt_id = paid.body.receipt_id as string
    expect((await verify(DOCTOR, receipt_id)).body).toMatchObject({
      kind: 'subscription',
      key: 'yearly',
      amount: 3_000_000,
      user_id: 'dr-1',
      payload: 'seat-7',
    })
    const [event] = await webhookData(DOCTOR)
    expect(event).toMatchObject({ type: 'subscription.succeeded', data: { payload: 'seat-7' } })
  })

  it('round-trips through payForDoctorService, verify and doctor_service.succeeded', async () => {
    const paid = await panelPays(PROFILE, 'pt-1', {
      kind: 'doctor-service',
      amount: 500_000,
      vat: 15_000,
      payable: 515_000,
      payload: { visit: 9 },
    })
    const receipt_id = paid.body.receipt_id as string
    expect((await verify(PROFILE, receipt_id)).body).toMatchObject({
      kind: 'doctor_service',
      key: null,
      service_amount: 500_000,
      vat: 15_000,
      amount: 515_000,
      user_id: 'pt-1',
      payload: { visit: 9 },
    })
    const [event] = await webhookData(PROFILE)
    expect(event).toMatchObject({
      type: 'doctor_service.succeeded',
      data: { receipt_id, payload: { visit: 9 } },
    })
  })

  it('is null in verify, and absent from the webhook, when the call had none', async () => {
    const paid = await panelPays(DOCTOR, 'dr-1', {
      kind: 'pay',
      product_key: 'pro',
      amount: 1_250_000,
    })
    expect((await verify(DOCTOR, paid.body.receipt_id)).body.payload).toBeNull()
    const [event] = await webhookData(DOCTOR)
    expect(event!.data).not.toHaveProperty('payload')
  })
})

describe('server-side receipts', () => {
  it('a backend creates a receipt, the user pays it with pay({ receipt_id }), verify returns it', async () => {
    const created = await backend(BOOKING, '/monetization/receipts', {
      title: 'Online visit, Dr. Ahmadi',
      amount: 420_000,
      user_id: 'pt-1',
      payload: { order_id: 'ord-9' },
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      receipt_id: expect.stringMatching(/^receipt_/),
      title: 'Online visit, Dr. Ahmadi',
      amount: 420_000,
      user_id: 'pt-1',
      status: 'issued',
      payload: { order_id: 'ord-9' },
    })
    const receipt_id = created.body.receipt_id as string
    // The panel looks it up to show the dialog: the title and price are the backend's.
    const lookup = await emulator.app.request(
      `/internal/users/pt-1/apps/demo-booking/receipts/${receipt_id}`,
      { headers: { origin: PANEL } },
    )
    expect(await lookup.json()).toEqual({ title: 'Online visit, Dr. Ahmadi', amount: 420_000 })
    // Not paid yet: it does not verify.
    expect((await verify(BOOKING, receipt_id)).body.error).toBe('RECEIPT_NOT_PAID')
    // The page's payload does not replace the one its backend set.
    const paid = await panelPays(BOOKING, 'pt-1', {
      kind: 'pay',
      receipt_id,
      amount: 420_000,
      payload: { order_id: 'forged' },
    })
    expect(paid).toEqual({ status: 200, body: { receipt_id } })
    expect((await verify(BOOKING, receipt_id)).body).toMatchObject({
      kind: 'receipt',
      key: receipt_id,
      amount: 420_000,
      user_id: 'pt-1',
      payload: { order_id: 'ord-9' },
    })
    const again = await panelPays(BOOKING, 'pt-1', { kind: 'pay', receipt_id, amount: 420_000 })
    expect(again.body.error).toBe('RECEIPT_ALREADY_PAID')
  })

  it('is payable only by its user, and only through its own widget', async () => {
    const { body } = await backend(BOOKING, '/monetization/receipts', {
      title: 'Visit',
      amount: 1000,
      user_id: 'pt-1',
    })
    const receipt_id = body.receipt_id as string
    expect(
      (await panelPays(BOOKING, 'dr-1', { kind: 'pay', receipt_id, amount: 1000 })).status,
    ).toBe(404)
    expect(
      (await panelPays(DOCTOR, 'pt-1', { kind: 'pay', receipt_id, amount: 1000 })).status,
    ).toBe(404)
    expect((await verify(DOCTOR, receipt_id)).status).toBe(404)
  })

  it.each<[string, Record<string, unknown>]>([
    ['no title', { amount: 1000, user_id: 'pt-1' }],
    ['a bidi override in the title', { title: 'Refund \u202e0001', amount: 1000, user_id: 'pt-1' }],
    ['a 201-character title', { title: 'x'.repeat(201), amount: 1000, user_id: 'pt-1' }],
    ['a fractional amount', { title: 'Visit', amount: 10.5, user_id: 'pt-1' }],
    ['a zero amount', { title: 'Visit', amount: 0, user_id: 'pt-1' }],
    ['an amount as text', { title: 'Visit', amount: '1000', user_id: 'pt-1' }],
    ['an unknown user', { title: 'Visit', amount: 1000, user_id: 'nobody' }],
  ])('refuses %s with 400 INVALID_INPUT', async (_, body) => {
    const res = await backend(BOOKING, '/monetization/receipts', body)
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('INVALID_INPUT')
  })

  it('needs the developer key', async () => {
    const res = await emulator.app.request('/api/v1/apps/demo-booking/monetization/receipts', {
      method: 'POST',
      headers: { 'x-api-key': DOCTOR.developer_key, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Visit', amount: 1000, user_id: 'pt-1' }),
    })
    expect(res.status).toBe(401)
    expect([...emulator.state.receipts.values()].some((r) => r.created_by_backend)).toBe(false)
  })
})

describe('doctor-service refund', () => {
  async function doctorService() {
    const paid = await panelPays(PROFILE, 'pt-1', {
      kind: 'doctor-service',
      amount: 100_000,
      vat: 3_000,
      payable: 103_000,
    })
    return paid.body.receipt_id as string
  }
  const refund = (receipt_id: unknown, target = PROFILE) =>
    backend(target, '/billing/provider-service/refund', { receipt_id })

  it('refunds once: a second refund is refused, and the receipt no longer verifies', async () => {
    const receipt_id = await doctorService()
    const first = await refund(receipt_id)
    expect(first).toEqual({
      status: 200,
      body: expect.objectContaining({
        refunded: true,
        receipt_id,
        amount: 103_000,
        user_id: 'pt-1',
      }),
    })
    const second = await refund(receipt_id)
    expect(second.status).toBe(409)
    expect(second.body.error).toBe('RECEIPT_ALREADY_REFUNDED')
    const verified = await verify(PROFILE, receipt_id)
    expect(verified.status).toBe(409)
    expect(verified.body.error).toBe('RECEIPT_REFUNDED')
    const events = await webhookData(PROFILE)
    expect(events.map((e) => e.type)).toEqual([
      'doctor_service.succeeded',
      'doctor_service.refunded',
    ])
    expect(events[1]!.data).toMatchObject({
      receipt_id,
      amount: 103_000,
      refunded_at: expect.any(String),
    })
  })

  it('a receipt verified before the refund does not verify after it', async () => {
    const receipt_id = await doctorService()
    expect((await verify(PROFILE, receipt_id)).status).toBe(200)
    expect((await refund(receipt_id)).status).toBe(200)
    expect((await verify(PROFILE, receipt_id)).body.error).toBe('RECEIPT_REFUNDED')
  })

  it('refuses other kinds, other widgets, unknown receipts and a missing id', async () => {
    const receipt_id = await doctorService()
    expect((await refund(receipt_id, DOCTOR)).status).toBe(404)
    const product = await panelPays(DOCTOR, 'dr-1', {
      kind: 'pay',
      product_key: 'pro',
      amount: 1_250_000,
    })
    const notService = await refund(product.body.receipt_id, DOCTOR)
    expect(notService.status).toBe(400)
    expect((await refund('dsrv_nope')).status).toBe(404)
    expect((await refund(undefined)).status).toBe(400)
    expect(emulator.state.receipts.get(receipt_id)!.status).toBe('paid')
  })
})

describe('a charge sent again with its idempotency key', () => {
  const PRO = { kind: 'pay', product_key: 'pro', amount: 1_250_000 }

  it('answers the first charge and charges once', async () => {
    const first = await panelPays(DOCTOR, 'dr-1', PRO, 'key-1')
    expect(first.status).toBe(200)
    expect(await panelPays(DOCTOR, 'dr-1', PRO, 'key-1')).toEqual(first)
    const other = await panelPays(DOCTOR, 'dr-1', PRO, 'key-2')
    expect(other.body.receipt_id).not.toBe(first.body.receipt_id)
    const paid = (await webhookData(DOCTOR)).filter((e) => e.type === 'payment.succeeded')
    expect(paid).toHaveLength(2)
  })

  it('answers the receipt after the timeout outcome lost the first answer', async () => {
    const lost = await panelPays(DOCTOR, 'dr-1', { ...PRO, test_outcome: 'timeout' }, 'key-t')
    expect(lost.status).toBe(504)
    const again = await panelPays(DOCTOR, 'dr-1', { ...PRO, test_outcome: 'timeout' }, 'key-t')
    expect(again.status).toBe(200)
    expect(again.body.receipt_id).toMatch(/^pay_/)
    expect(await webhookData(DOCTOR)).toHaveLength(1)
  })
})
