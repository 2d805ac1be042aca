import { describe, expect, it } from 'vitest'
import { DOCTOR, fixtureSuite } from '../test-harness.js'

const { call } = fixtureSuite()

describe('monetization verify', () => {
  const verify = (receipt_id: unknown, key = DOCTOR.developer_key) =>
    call(`/api/v1/apps/${DOCTOR.app_key}/monetization/verify`, {
      method: 'POST',
      headers: { 'x-api-key': key },
      json: { receipt_id },
    })
  const pay = async () => {
    const res = await call('/internal/users/dr-1/apps/demo-doctor/payments', {
      method: 'POST',
      json: { kind: 'pay', product_key: 'pro', amount: 1250000 },
    })
    expect(res.status).toBe(200)
    return ((await res.json()) as { receipt_id: string }).receipt_id
  }

  it('verifies a paid receipt once and refuses the replay', async () => {
    const receipt_id = await pay()
    const first = await verify(receipt_id)
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({
      verified: true,
      receipt_id,
      kind: 'product',
      product_key: 'pro',
      amount: 1250000,
      user_id: 'dr-1',
    })
    const replay = await verify(receipt_id)
    expect(replay.status).toBe(409)
    expect(await replay.json()).toMatchObject({ error: 'RECEIPT_ALREADY_VERIFIED' })
  })

  it('refuses an unknown receipt, a wrong key and a missing receipt_id', async () => {
    expect((await verify('rcpt_nope')).status).toBe(404)
    expect((await verify(await pay(), 'dk_wrong')).status).toBe(401)
    expect((await verify(undefined)).status).toBe(400)
  })

  it('charges the price registered for the product, not what the caller says', async () => {
    const res = await call('/internal/users/dr-1/apps/demo-doctor/payments', {
      method: 'POST',
      json: { kind: 'pay', product_key: 'pro', amount: 1 },
    })
    expect(res.status).toBe(400)
  })

  it('checks the doctor-service VAT and payable amounts', async () => {
    const pay = (vat: number, payable: number) =>
      call('/internal/users/pt-1/apps/demo-profile/payments', {
        method: 'POST',
        json: { kind: 'doctor-service', amount: 12345, vat, payable },
      })
    expect((await pay(370, 12715)).status).toBe(200)
    expect((await pay(370, 12716)).status).toBe(400)
  })
})
