import { beforeEach, describe, expect, it } from 'vitest'
import { BOOKING, botKeys, type Harness, harness } from '../test-harness.js'

let h: Harness
beforeEach(() => {
  h = harness()
})
const conversation = (user_id: string, app = botKeys()) =>
  h.call('POST', '/v1/chatbot/conversations', { headers: app, json: { user_id } })
const message = (user_id: string, content: string, app = botKeys()) =>
  h.call('POST', '/v1/chatbot/messages', { headers: app, json: { user_id, content } })

describe('bot messaging', () => {
  it('creates the conversation of (widget, user) once, then fetches the same one', async () => {
    const created = await conversation('pt-1')
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({
      app_key: 'demo-doctor',
      user_id: 'pt-1',
      title: 'دستیار مطب',
      created: true,
    })
    const fetched = await conversation('pt-1')
    expect(fetched.body).toEqual({ ...created.body, created: false })
    // Another widget, or another user: another conversation.
    const other = await conversation('pt-1', botKeys(BOOKING))
    expect(other.body.created).toBe(true)
    expect(other.body.conversation_id).not.toBe(created.body.conversation_id)
    expect((await conversation('dr-1')).body.conversation_id).not.toBe(created.body.conversation_id)
    expect(h.emulator.state.botConversations.size).toBe(3)
  })

  it('sends a bot message into the conversation; without one, 404 CONVERSATION_NOT_FOUND', async () => {
    const none = await message('pt-1', 'Your results are ready')
    expect(none.status).toBe(404)
    expect(none.body.error).toBe('CONVERSATION_NOT_FOUND')
    const { conversation_id } = (await conversation('pt-1')).body
    const sent = await message('pt-1', 'Your results are ready')
    expect(sent.status).toBe(200)
    expect(sent.body).toMatchObject({
      conversation_id,
      user_id: 'pt-1',
      content: 'Your results are ready',
    })
    expect(h.emulator.state.botMessages).toHaveLength(1)
  })

  it('answers 404 USER_NOT_FOUND for an unknown user and 400 for a bad body', async () => {
    const unknown = await conversation('nobody')
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toBe('USER_NOT_FOUND')
    await conversation('pt-1')
    expect((await message('pt-1', '')).status).toBe(400)
    expect((await message('pt-1', 'x'.repeat(4097))).status).toBe(400)
    const noUser = await h.call('POST', '/v1/chatbot/conversations', {
      headers: botKeys(),
      json: {},
    })
    expect(noUser.status).toBe(400)
  })
})
