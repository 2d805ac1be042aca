// Spec 4.4 (bot messaging): one conversation per (widget, user), created or fetched, and bot
// messages into it. Headers x-api-key and app_id; no session token; the widget needs
// app.chatbot.messaging enabled.

import { createRoute, z } from '@hono/zod-openapi'
import { type BotConversation, opaque } from '../state.js'
import { ApiError, createRouter, errors, iso, jsonBody, type Kit, ok } from './kit.js'
import { botKey, botSecurity } from './middleware.js'

const UserId = z.string().min(1).max(64).openapi({ example: 'dr-1' })
const Conversation = z
  .object({
    conversation_id: z.string().openapi({ description: 'The stable reference id' }),
    app_key: z.string(),
    user_id: z.string(),
    title: z.string().openapi({ description: "Set by the platform: the widget's name" }),
    created: z.boolean().openapi({ description: 'True when this call created it' }),
    created_at: z.string(),
  })
  .openapi('BotConversation')
const BotMessage = z
  .object({
    message_id: z.string(),
    conversation_id: z.string(),
    user_id: z.string(),
    content: z.string(),
    sent_at: z.string(),
  })
  .openapi('BotMessage')

const common = (kit: Kit) => ({
  tags: ['chatbot'],
  method: 'post' as const,
  security: botSecurity,
  // Not a token's scope: the widget itself must have it enabled (botKey checks it).
  'x-scopes': ['app.chatbot.messaging'],
  description: 'No session token: the developer key and `app_id` only.',
  middleware: [botKey(kit)],
})

function knownUser(kit: Kit, user_id: string) {
  if (!kit.state.users.has(user_id)) {
    throw new ApiError(404, 'USER_NOT_FOUND', `No platform user "${user_id}"`)
  }
}

/** A conversation as the API answers it; `created` when this call made it. */
const view = (conversation: BotConversation, { created }: { created: boolean }) => ({
  conversation_id: conversation.id,
  app_key: conversation.app_key,
  user_id: conversation.user_id,
  title: conversation.title,
  created,
  created_at: iso(conversation.created_at),
})

/** The conversation of this widget with a user, created on the first call. */
function conversationsRoutes(kit: Kit) {
  const router = createRouter()
  router.openapi(
    createRoute({
      ...common(kit),
      operationId: 'createBotConversation',
      summary: 'Create or fetch the conversation of this widget with a user',
      path: '/v1/chatbot/conversations',
      request: jsonBody(z.object({ user_id: UserId }).openapi('BotConversationRequest')),
      responses: { ...ok(Conversation), ...errors(400, 401, 403, 404) },
    }),
    (c) => {
      const { user_id } = c.req.valid('json')
      knownUser(kit, user_id)
      const registered = c.var.app
      const key = `${registered.app_key} ${user_id}`
      const existing = kit.state.botConversations.get(key)
      if (existing) return c.json(view(existing, { created: false }), 200)
      const name = registered.name
      const conversation: BotConversation = {
        id: opaque('conv'),
        app_key: registered.app_key,
        user_id,
        title: typeof name === 'string' ? name : name.fa,
        created_at: kit.now(),
      }
      kit.state.botConversations.set(key, conversation)
      return c.json(view(conversation, { created: true }), 200)
    },
  )
  return router
}

/** Bot messages into a user's conversation with the widget. */
function messagesRoutes(kit: Kit) {
  const router = createRouter()
  router.openapi(
    createRoute({
      ...common(kit),
      operationId: 'sendBotMessage',
      summary: 'Send a bot message to a user, into their conversation with the widget',
      path: '/v1/chatbot/messages',
      request: jsonBody(
        z
          .object({ user_id: UserId, content: z.string().trim().min(1).max(4096) })
          .openapi('BotMessageRequest'),
      ),
      responses: { ...ok(BotMessage), ...errors(400, 401, 403, 404, 507) },
    }),
    (c) => {
      const { user_id, content } = c.req.valid('json')
      knownUser(kit, user_id)
      const registered = c.var.app
      const conversation = kit.state.botConversations.get(`${registered.app_key} ${user_id}`)
      if (!conversation) {
        throw new ApiError(
          404,
          'CONVERSATION_NOT_FOUND',
          `No conversation with "${user_id}" yet: create it with POST /v1/chatbot/conversations`,
        )
      }
      const message = {
        id: opaque('bmsg'),
        conversation_id: conversation.id,
        app_key: registered.app_key,
        user_id,
        content,
        sent_at: kit.now(),
      }
      kit.store(message)
      kit.state.botMessages.push(message)
      return c.json(
        {
          message_id: message.id,
          conversation_id: conversation.id,
          user_id,
          content,
          sent_at: iso(message.sent_at),
        },
        200,
      )
    },
  )
  return router
}

export function chatbotRouter(kit: Kit) {
  return createRouter().route('/', conversationsRoutes(kit)).route('/', messagesRoutes(kit))
}
