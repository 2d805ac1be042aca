// Spec 4.4 (bot messaging): one conversation per (widget, user), created or fetched, and bot
// messages into it. Headers x-api-key and app_id; no session token; the widget needs
// app.chatbot.messaging enabled.

import type { BotConversation } from '../chat-records.js'
import { opaque } from '../state.js'
import { operation } from './document.js'
import { ApiError, createRouter, iso, type Kit, trimmed } from './kit.js'
import { botKey } from './middleware.js'

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
  router.openapi(operation('createBotConversation', [botKey(kit)]), (c) => {
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
  })
  return router
}

/** Bot messages into a user's conversation with the widget. */
function messagesRoutes(kit: Kit) {
  const router = createRouter()
  router.openapi(operation('sendBotMessage', [botKey(kit)]), (c) => {
    const { user_id } = c.req.valid('json')
    const content = trimmed('content', c.req.valid('json').content)
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
    kit.store(registered.app_key, message)
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
  })
  return router
}

export function chatbotRouter(kit: Kit) {
  return createRouter().route('/', conversationsRoutes(kit)).route('/', messagesRoutes(kit))
}
