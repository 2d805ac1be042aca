// signWebhook is verifyWebhook's other side: what it signs verifies, with that secret, within 5
// minutes; a change of one byte, another secret or an old timestamp does not.

import { createHmac, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  ErrorCode,
  PlatformError,
  type PlatformWebhookEvent,
  signWebhook,
  verifyWebhook,
} from './index.js'

const secret = `whsec_${randomBytes(32).toString('base64')}`
const event: PlatformWebhookEvent = {
  type: 'payment.succeeded',
  id: 'evt_0123456789abcdef0123456789abcdef',
  created_at: '2026-11-25T09:00:00.000Z',
  app_key: 'my-widget',
  data: {
    receipt_id: 'pay_0001_abcdefgh',
    kind: 'product',
    product_key: 'pro',
    amount: 1_250_000,
    user_id: 'dr-1',
    paid_at: '2026-11-25T09:00:00.000Z',
  },
}

const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error instanceof PlatformError ? error.code : error
  }
  return 'verified'
}

describe('signWebhook', () => {
  it('signs what verifyWebhook accepts: the event back, byte for byte', () => {
    const { body, headers } = signWebhook({ secret, event })
    expect(body).toBe(JSON.stringify(event))
    expect(headers).toEqual({
      'content-type': 'application/json',
      'webhook-id': event.id,
      'webhook-timestamp': expect.stringMatching(/^\d{10}$/),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]+=*$/),
    })
    expect(Math.abs(Number(headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(5)
    expect(verifyWebhook(body, headers, secret)).toEqual(event)
    expect(verifyWebhook(body, new Headers(headers), secret)).toEqual(event)
  })

  /**
   * The Standard Webhooks scheme, computed here with node:crypto alone (not the library signWebhook
   * uses): HMAC-SHA256 over `${id}.${timestamp}.${body}`, keyed by the base64 after `whsec_`,
   * base64, prefixed `v1,`.
   */
  const standardSignature = (key: string, id: string, timestamp: string, body: string) =>
    `v1,${createHmac('sha256', Buffer.from(key.slice('whsec_'.length), 'base64'))
      .update(`${id}.${timestamp}.${body}`)
      .digest('base64')}`

  it('computes the reference vector published with the Standard Webhooks spec', () => {
    // Checks the helper above, so that the test below compares with the scheme itself.
    expect(
      standardSignature(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        '1614265330',
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=')
  })

  it('signs by the Standard Webhooks scheme, with the given id and timestamp', () => {
    const timestamp = new Date('2026-11-25T09:00:00Z')
    const { body, headers } = signWebhook({ secret, event, id: 'msg_other', timestamp })
    expect(headers['webhook-id']).toBe('msg_other')
    expect(headers['webhook-timestamp']).toBe('1795597200')
    expect(headers['webhook-signature']).toBe(
      standardSignature(secret, 'msg_other', '1795597200', body),
    )
  })

  type Signed = ReturnType<typeof signWebhook>
  const changes: [string, (s: Signed) => [string, Signed['headers'], string]][] = [
    ['a tampered body', (s) => [s.body.replace('dr-1', 'dr-2'), s.headers, secret]],
    ['another secret', (s) => [s.body, s.headers, `whsec_${randomBytes(32).toString('base64')}`]],
    ['another id', (s) => [s.body, { ...s.headers, 'webhook-id': 'evt_x' }, secret]],
  ]
  it.each(changes)('fails verification with %s', (_, change) => {
    const [body, headers, key] = change(signWebhook({ secret, event }))
    expect(refusal(() => verifyWebhook(body, headers, key))).toBe(
      ErrorCode.INVALID_WEBHOOK_SIGNATURE,
    )
  })

  it.each([
    ['6 minutes old', -6 * 60_000, ErrorCode.INVALID_WEBHOOK_SIGNATURE],
    ['6 minutes ahead', 6 * 60_000, ErrorCode.INVALID_WEBHOOK_SIGNATURE],
    ['4 minutes old', -4 * 60_000, 'verified'],
  ])('a timestamp %s: %s', (_, offset, outcome) => {
    const { body, headers } = signWebhook({
      secret,
      event,
      timestamp: new Date(Date.now() + offset),
    })
    expect(refusal(() => verifyWebhook(body, headers, secret))).toBe(outcome)
  })

  it('refuses a secret that is not one with INVALID_ARGUMENT', () => {
    for (const bad of ['', 'whsec_!!']) {
      expect(refusal(() => signWebhook({ secret: bad, event }))).toBe(ErrorCode.INVALID_ARGUMENT)
    }
  })
})
