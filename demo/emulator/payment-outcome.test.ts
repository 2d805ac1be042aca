// The test outcomes of a payment: the dev panel's dialogs send `test_outcome` with the payment,
// the control API's completePayment takes `outcome`. A refusal charges nothing (a receipt the
// backend created stays payable, no webhook); a timeout charges, sends the webhook and answers
// 504; an unknown outcome is a 400 naming the field.

import { beforeEach, describe, expect, it } from 'vitest'
import type { AppConfig } from '../shared/config-types.js'
import type { Emulator } from './app.js'
import { sampleWidgets as apps, PANEL, testEmulator } from './test-harness.js'

const DOCTOR = apps.find((a) => a.app_key === 'demo-doctor')!
const BOOKING = apps.find((a) => a.app_key === 'demo-booking')!
const PROFILE = apps.find((a) => a.app_key === 'demo-profile')!

let emulator: Emulator
let sent: string[]

beforeEach(() => {
  sent = []
  emulator = testEmulator({
    apps,
    webhooks: {
      fetch: async (input, init) => {
        sent.push(JSON.parse(await new Request(input, init).text()).type)
        return new Response(null, { status: 204 })
      },
      retryDelaysMs: [],
    },
  })
})

async function request(path: string, init: RequestInit & { json?: unknown } = {}) {
  const { json, ...rest } = init
  const res = await emulator.app.request(path, {
    ...rest,
    ...(json === undefined ? {} : { method: rest.method ?? 'POST', body: JSON.stringify(json) }),
    headers: { 'content-type': 'application/json', ...(rest.headers as Record<string, string>) },
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

const panelPays = (target: AppConfig, user: string, json: Record<string, unknown>) =>
  request(`/internal/users/${user}/apps/${target.app_key}/payments`, {
    json,
    headers: { origin: PANEL },
  })
const backend = (target: AppConfig, path: string, json: unknown) =>
  request(`/api/v1/apps/${target.app_key}${path}`, {
    json,
    headers: { 'x-api-key': target.developer_key },
  })
const paidReceipts = () => [...emulator.state.receipts.values()].filter((r) => r.status === 'paid')
const webhooks = async () => {
  await emulator.webhooks.settled()
  return sent
}

const PRODUCT = { kind: 'pay', product_key: 'pro', amount: 1_250_000 }
const PLAN = { kind: 'subscribe', plan_key: 'monthly', amount: 300_000 }
const SERVICE = { kind: 'doctor-service', amount: 500_000, vat: 15_000, payable: 515_000 }

describe("the dev panel's test outcomes", () => {
  it.each([
    ['declined', 402, 'PAYMENT_DECLINED'],
    ['insufficient_funds', 402, 'INSUFFICIENT_FUNDS'],
    ['platform_error', 500, 'PLATFORM_ERROR'],
  ])('%s answers %i %s and charges nothing, for each kind', async (outcome, status, error) => {
    for (const [target, user, body] of [
      [DOCTOR, 'dr-1', PRODUCT],
      [DOCTOR, 'dr-1', PLAN],
      [PROFILE, 'pt-1', SERVICE],
    ] as const) {
      const answer = await panelPays(target, user, { ...body, test_outcome: outcome })
      expect(answer).toMatchObject({ status, body: { error } })
    }
    expect(paidReceipts()).toEqual([])
    expect(await webhooks()).toEqual([])
  })

  it('a declined receipt stays payable and unverified; paying it then goes through', async () => {
    const created = await backend(BOOKING, '/monetization/receipts', {
      title: 'Online visit',
      amount: 420_000,
      user_id: 'pt-1',
    })
    const receipt_id = created.body.receipt_id as string
    const pay = (more: Record<string, unknown>) =>
      panelPays(BOOKING, 'pt-1', { kind: 'pay', receipt_id, amount: 420_000, ...more })
    expect((await pay({ test_outcome: 'declined' })).status).toBe(402)
    expect(emulator.state.receipts.get(receipt_id)?.status).toBe('issued')
    expect((await backend(BOOKING, '/monetization/verify', { receipt_id })).body.error).toBe(
      'RECEIPT_NOT_PAID',
    )
    expect(await pay({ test_outcome: 'succeed' })).toEqual({ status: 200, body: { receipt_id } })
    expect(await webhooks()).toEqual(['payment.succeeded'])
  })

  it('timeout charges, sends the webhook, and answers 504: the page never hears of the receipt', async () => {
    const answer = await panelPays(DOCTOR, 'dr-1', { ...PRODUCT, test_outcome: 'timeout' })
    expect(answer).toMatchObject({ status: 504, body: { error: 'PAYMENT_TIMEOUT' } })
    expect(answer.body).not.toHaveProperty('receipt_id')
    const [receipt] = paidReceipts()
    expect(receipt).toMatchObject({ kind: 'pay', product_key: 'pro' })
    expect(
      (await backend(DOCTOR, '/monetization/verify', { receipt_id: receipt!.id })).status,
    ).toBe(200)
    expect(await webhooks()).toEqual(['payment.succeeded'])
  })

  it('an unknown outcome is a 400 naming the field', async () => {
    const answer = await panelPays(DOCTOR, 'dr-1', { ...PRODUCT, test_outcome: 'maybe' })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toContain('test_outcome: expected one of succeed, declined')
    expect(paidReceipts()).toEqual([])
  })
})

describe("the control API's completePayment outcome", () => {
  const complete = (json: Record<string, unknown>) => request('/control/v1/payments', { json })

  it.each([
    ['declined', 'PAYMENT_DECLINED'],
    ['insufficient_funds', 'INSUFFICIENT_FUNDS'],
  ])('%s answers 402 %s and changes nothing', async (outcome, error) => {
    const created = await backend(DOCTOR, '/monetization/receipts', {
      title: 'Report',
      amount: 90_000,
      user_id: 'dr-1',
    })
    const receipt_id = created.body.receipt_id as string
    expect(
      await complete({ app_key: 'demo-doctor', kind: 'pay', receipt_id, outcome }),
    ).toMatchObject({ status: 402, body: { error } })
    expect(
      await complete({ app_key: 'demo-doctor', kind: 'pay', product_key: 'pro', outcome }),
    ).toMatchObject({ status: 402, body: { error } })
    expect(emulator.state.receipts.get(receipt_id)?.status).toBe('issued')
    expect(paidReceipts()).toEqual([])
    expect(await webhooks()).toEqual([])
  })

  it('succeed (the default) pays as before', async () => {
    const paid = await complete({ app_key: 'demo-doctor', ...PLAN, outcome: 'succeed' })
    expect(paid).toMatchObject({ status: 201, body: { kind: 'subscription', plan_key: 'monthly' } })
    expect(await webhooks()).toEqual(['subscription.succeeded'])
  })

  it('refuses an outcome the control API does not take', async () => {
    const answer = await complete({ app_key: 'demo-doctor', ...PRODUCT, outcome: 'timeout' })
    expect(answer.status).toBe(400)
  })
})

describe('the SMS dialogs’ test outcomes, and the decline scenario over top-ups', () => {
  const topUp = (json: Record<string, unknown> = {}) =>
    request('/internal/users/dr-1/apps/demo-doctor/sms/charge', {
      json: { count: 100, price: 500_000, ...json },
      headers: { origin: PANEL },
    })
  const activate = (json?: Record<string, unknown>) =>
    request('/internal/users/dr-1/apps/demo-doctor/sms/activate', {
      method: 'POST',
      ...(json ? { json } : {}),
      headers: { origin: PANEL },
    })
  const sms = () => emulator.state.users.get('dr-1')!.sms

  it.each([
    ['declined', 402, 'PAYMENT_DECLINED'],
    ['platform_error', 500, 'PLATFORM_ERROR'],
  ])('a top-up %s answers %i %s and charges nothing', async (outcome, status, error) => {
    const credit = sms().credit
    expect(await topUp({ test_outcome: outcome })).toMatchObject({ status, body: { error } })
    expect(sms().credit).toBe(credit)
    expect(paidReceipts()).toEqual([])
    expect(await webhooks()).toEqual([])
    expect((await topUp({ test_outcome: 'succeed' })).status).toBe(200)
    expect(sms().credit).toBe(credit + 100)
  })

  it('a top-up takes no outcome it cannot have', async () => {
    const answer = await topUp({ test_outcome: 'timeout' })
    expect(answer.status).toBe(400)
    expect(answer.body.message).toContain('expected one of succeed, declined, platform_error')
  })

  it('decline_next_payments declines top-ups too', async () => {
    await request('/control/v1/scenario', { method: 'PUT', json: { decline_next_payments: 1 } })
    expect(await topUp()).toMatchObject({ status: 402, body: { error: 'PAYMENT_DECLINED' } })
    expect(paidReceipts()).toEqual([])
    expect((await topUp()).status).toBe(200)
  })

  it('an activation declined answers 403 SMS_ACTIVATION_DECLINED and leaves SMS off', async () => {
    expect(await activate({ test_outcome: 'declined' })).toMatchObject({
      status: 403,
      body: { error: 'SMS_ACTIVATION_DECLINED' },
    })
    expect(sms().active).toBe(false)
    expect((await activate({ test_outcome: 'platform_error' })).status).toBe(400)
    expect((await activate()).status).toBe(200)
    expect(sms().active).toBe(true)
  })
})
