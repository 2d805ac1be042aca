import { describe, expect, it } from 'vitest'
import { smsParts } from '../app.js'
import { fixtureSuite } from '../test-harness.js'

const { call, accessToken, bearer } = fixtureSuite()

describe('SMS', () => {
  const send = (token: string, json: unknown) =>
    call('/v1/sms/messages', { method: 'POST', ...bearer(token), json })

  it('answers 409 SMS_NOT_ACTIVATED until the provider activates SMS', async () => {
    const token = await accessToken(['provider.sms.read', 'provider.sms.write'])
    const balance = await call('/v1/sms/balance', bearer(token))
    expect(balance.status).toBe(409)
    expect(await balance.json()).toMatchObject({ error: 'SMS_NOT_ACTIVATED' })
    const sent = await send(token, { to: '09121112233', text: 'hi' })
    expect(sent.status).toBe(409)
  })

  it('shares one SMS state between the SDK dialogs (internal) and the SMS APIs', async () => {
    const token = await accessToken(['provider.sms.read', 'provider.sms.write'])
    expect(
      (await call('/internal/users/dr-1/apps/demo-doctor/sms/activate', { method: 'POST' })).status,
    ).toBe(200)
    expect(await (await call('/v1/sms/balance', bearer(token))).json()).toEqual({ credit: 0 })
    const noCredit = await send(token, { to: '09121112233', text: 'hello' })
    expect(noCredit.status).toBe(402)
    expect(await noCredit.json()).toMatchObject({ error: 'INSUFFICIENT_SMS_CREDIT' })
    const charged = await call('/internal/users/dr-1/apps/demo-doctor/sms/charge', {
      method: 'POST',
      json: { count: 100, price: 100000 },
    })
    expect(await charged.json()).toMatchObject({ credit: 100 })
    const ok = await send(token, { to: '09121112233', text: 'سلام، نوبت شما فردا است.' })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toMatchObject({ parts: 1, credit: 99 })
    expect(await (await call('/internal/users/dr-1/sms')).json()).toEqual({
      active: true,
      credit: 99,
    })
  })

  it('charges one credit per part: 160 ASCII or 70 Persian characters', () => {
    expect(smsParts('a'.repeat(160))).toBe(1)
    expect(smsParts('a'.repeat(161))).toBe(2)
    expect(smsParts('س'.repeat(70))).toBe(1)
    expect(smsParts('س'.repeat(71))).toBe(2)
  })

  it('refuses a bad recipient or an empty text with 400', async () => {
    const token = await accessToken(['provider.sms.write'])
    expect((await send(token, { to: '12345', text: 'x' })).status).toBe(400)
    expect((await send(token, { to: '09121112233', text: ' ' })).status).toBe(400)
  })
})
