// Spec 4.2 (chat): a message into the chat of an appointment, by its conversation id.

import { opaque } from '../state.js'
import { operation } from './document.js'
import { ApiError, createRouter, iso, type Kit, trimmed } from './kit.js'
import { asProvider, bearer } from './middleware.js'

export function chatRouter(kit: Kit) {
  const router = createRouter()
  router.openapi(
    operation('sendChatMessage', [bearer(kit, 'provider.appointment.write'), asProvider]),
    (c) => {
      const text = trimmed('text', c.req.valid('json').text)
      const conversation_id = c.req.valid('param').appointment_id
      const appointment = [...kit.state.appointments.values()].find(
        (a) => a.conversation_id === conversation_id && a.provider_id === c.var.provider.id,
      )
      if (!appointment) {
        throw new ApiError(
          404,
          'CONVERSATION_NOT_FOUND',
          `No conversation ${conversation_id} among this provider's appointments`,
        )
      }
      const message = {
        id: opaque('msg'),
        conversation_id,
        appointment_id: appointment.id,
        app_key: c.var.token.app_key,
        text,
        sent_at: kit.now(),
      }
      kit.store(message.app_key, message)
      kit.state.chatMessages.push(message)
      return c.json(
        {
          message_id: message.id,
          conversation_id,
          appointment_id: appointment.id,
          text: message.text,
          sent_at: iso(message.sent_at),
        },
        200,
      )
    },
  )
  return router
}
