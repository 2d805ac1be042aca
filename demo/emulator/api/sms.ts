// Spec 4.4 (SMS): the provider's SMS credit and sending in the provider's name. SMS must be
// active first (the SDK's sms.activate); a message costs one credit per part.

import { createRoute, z } from '@hono/zod-openapi'
import { opaque } from '../state.js'
import { ApiError, createRouter, errors, jsonBody, type Kit, ok } from './kit.js'
import { asProvider, bearer, bearerSecurity } from './middleware.js'

const MOBILE = /^09[0-9]{9}$/
const MAX_SMS_LENGTH = 612

/** SMS parts: 70 characters a part when the text needs Unicode (Persian), else 160. */
export function smsParts(text: string): number {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the GSM-ish ASCII range
  const perPart = /^[\u0000-\u007f]*$/.test(text) ? 160 : 70
  return Math.max(1, Math.ceil(text.length / perPart))
}

const Balance = z
  .object({ credit: z.number().int().openapi({ description: 'SMS the provider can still send' }) })
  .openapi('SmsBalance')
const SendSms = z
  .object({
    to: z.string().regex(MOBILE, 'expected a mobile number like 09121234567'),
    text: z
      .string()
      .max(MAX_SMS_LENGTH)
      .refine((t) => t.trim().length > 0, `expected 1 to ${MAX_SMS_LENGTH} characters`),
  })
  .openapi('SendSmsRequest')
const SentSms = z
  .object({
    message_id: z.string(),
    parts: z.number().int(),
    credit: z.number().int().openapi({ description: 'The credit left' }),
  })
  .openapi('SentSms')

const notActive = () =>
  new ApiError(
    409,
    'SMS_NOT_ACTIVATED',
    'SMS is not active; the provider must activate it through the SDK (platform.sms.activate)',
  )

export function smsRouter(kit: Kit) {
  const router = createRouter()
  router.openapi(
    createRoute({
      operationId: 'getSmsBalance',
      tags: ['sms'],
      summary: "The provider's SMS credit",
      description:
        '409 `SMS_NOT_ACTIVATED` until the provider activates SMS (`platform.sms.activate`).',
      method: 'get',
      path: '/v1/sms/balance',
      security: bearerSecurity('provider.sms.read'),
      middleware: [bearer(kit, 'provider.sms.read'), asProvider],
      responses: { ...ok(Balance), ...errors(401, 403, 409) },
    }),
    (c) => {
      const { sms } = c.var.provider
      if (!sms.active) throw notActive()
      return c.json({ credit: sms.credit }, 200)
    },
  )

  router.openapi(
    createRoute({
      operationId: 'sendSms',
      tags: ['sms'],
      summary: "Send an SMS in the provider's name",
      description:
        '409 `SMS_NOT_ACTIVATED` until the provider activates SMS; 402 `INSUFFICIENT_SMS_CREDIT` when the credit is less than the parts (70 characters a part in Persian, 160 in ASCII).',
      method: 'post',
      path: '/v1/sms/messages',
      security: bearerSecurity('provider.sms.write'),
      middleware: [bearer(kit, 'provider.sms.write'), asProvider],
      request: jsonBody(SendSms),
      responses: { ...ok(SentSms), ...errors(400, 401, 402, 403, 409, 507) },
    }),
    (c) => {
      const { to, text } = c.req.valid('json')
      const user = c.var.provider
      if (!user.sms.active) throw notActive()
      const parts = smsParts(text)
      if (user.sms.credit < parts) {
        throw new ApiError(
          402,
          'INSUFFICIENT_SMS_CREDIT',
          `This message needs ${parts} SMS credit; the provider has ${user.sms.credit}`,
          { credit: user.sms.credit, required: parts },
        )
      }
      const message = {
        id: opaque('sms'),
        user_id: user.id,
        app_key: c.var.token.app_key,
        to,
        text,
        parts,
        sent_at: kit.now(),
      }
      kit.store(message)
      user.sms.credit -= parts
      kit.state.messages.push(message)
      return c.json({ message_id: message.id, parts, credit: user.sms.credit }, 200)
    },
  )
  return router
}
