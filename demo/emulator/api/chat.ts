// Spec 4.2 (chat): a message into the chat of an appointment, by its conversation id.

import { createRoute, z } from '@hono/zod-openapi'
import { opaque } from '../state.js'
import { ApiError, createRouter, errors, iso, jsonBody, type Kit, ok, queryInt } from './kit.js'
import { asProvider, bearer, bearerSecurity } from './middleware.js'

const SendMessage = z
  .object({ text: z.string().trim().min(1).max(1000) })
  .openapi('SendChatMessageRequest')
const SentMessage = z
  .object({
    message_id: z.string(),
    conversation_id: z.number().int(),
    appointment_id: z.string().openapi({ description: 'The appointment (UUID) of the chat' }),
    text: z.string(),
    sent_at: z.string(),
  })
  .openapi('ChatMessage')

export function chatRouter(kit: Kit) {
  const router = createRouter()
  router.openapi(
    createRoute({
      operationId: 'sendChatMessage',
      tags: ['chat'],
      summary: 'Send a message into the chat of an appointment',
      method: 'post',
      path: '/open-platform/v1/chats/{appointment_id}/messages',
      security: bearerSecurity('provider.appointment.write'),
      middleware: [bearer(kit, 'provider.appointment.write'), asProvider],
      request: {
        params: z.object({
          appointment_id: queryInt({ min: 1 }).openapi({
            param: { name: 'appointment_id', in: 'path' },
            description: "The appointment's conversation id (an integer)",
            example: 70001,
          }),
        }),
        ...jsonBody(SendMessage),
      },
      responses: { ...ok(SentMessage), ...errors(400, 401, 403, 404, 507) },
    }),
    (c) => {
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
        text: c.req.valid('json').text,
        sent_at: kit.now(),
      }
      kit.store(message)
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
