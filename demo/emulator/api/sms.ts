// Spec 4.4 (SMS): the provider's SMS credit and sending in the provider's name. SMS must be
// active first (the SDK's sms.activate); a message costs one credit per part.

import { opaque } from '../state.js'
import { operation } from './document.js'
import { ApiError, createRouter, invalid, type Kit } from './kit.js'
import { asProvider, bearer } from './middleware.js'

const MAX_SMS_LENGTH = 612

/** SMS parts: 70 characters a part when the text needs Unicode (Persian), else 160. */
export function smsParts(text: string): number {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the GSM-ish ASCII range
  const perPart = /^[\u0000-\u007f]*$/.test(text) ? 160 : 70
  return Math.max(1, Math.ceil(text.length / perPart))
}

const notActive = () =>
  new ApiError(
    409,
    'SMS_NOT_ACTIVATED',
    'SMS is not active; the provider must activate it through the SDK (platform.sms.activate)',
  )

export function smsRouter(kit: Kit) {
  const router = createRouter()
  router.openapi(
    operation('getSmsBalance', [bearer(kit, 'provider.sms.read'), asProvider]),
    (c) => {
      const { sms } = c.var.provider
      if (!sms.active) throw notActive()
      return c.json({ credit: sms.credit }, 200)
    },
  )

  router.openapi(operation('sendSms', [bearer(kit, 'provider.sms.write'), asProvider]), (c) => {
    const { to, text } = c.req.valid('json')
    // A blank text is no message (the document says only its length).
    if (text.trim() === '') throw invalid(`text: expected 1 to ${MAX_SMS_LENGTH} characters`)
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
    kit.store(message.app_key, message)
    user.sms.credit -= parts
    kit.state.messages.push(message)
    return c.json({ message_id: message.id, parts, credit: user.sms.credit }, 200)
  })
  return router
}
