import { beforeEach, describe, expect, it } from 'vitest'
import { bearer, type Harness, harness } from '../test-harness.js'

let h: Harness
let auth: { headers: Record<string, string> }
beforeEach(async () => {
  h = harness()
  auth = { headers: bearer(await h.token(['provider.appointment.write'])) }
})
const send = (id: string | number, json: unknown = { text: 'See you tomorrow' }) =>
  h.call('POST', `/open-platform/v1/chats/${id}/messages`, { ...auth, json })

describe('appointment chat', () => {
  it('sends a message into the chat of an appointment, by its conversation id', async () => {
    const res = await send(70001)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      conversation_id: 70001,
      appointment_id: '5b0c1e2a-7d3f-4a8e-9c61-2f4b8d9e0a11',
      text: 'See you tomorrow',
      sent_at: new Date(h.clock.now).toISOString(),
    })
    expect(h.emulator.state.chatMessages).toHaveLength(1)
    expect(h.emulator.state.chatMessages[0]).toMatchObject({
      app_key: 'demo-doctor',
      conversation_id: 70001,
    })
  })

  it("answers 404 CONVERSATION_NOT_FOUND for an unknown conversation or another doctor's", async () => {
    for (const id of [99999, 70004]) {
      const res = await send(id)
      expect(res.status).toBe(404)
      expect(res.body.error).toBe('CONVERSATION_NOT_FOUND')
    }
  })

  it('the chat of an appointment booked now exists; of one cancelled, no longer', async () => {
    const read = { headers: bearer(await h.token(['provider.appointment.write'])) }
    const deleted = await h.call(
      'DELETE',
      '/open-platform/v1/booking/appointments/5b0c1e2a-7d3f-4a8e-9c61-2f4b8d9e0a11',
      read,
    )
    expect(deleted.status).toBe(200)
    expect((await send(70001)).status).toBe(404)
  })

  it('refuses a conversation id that is not an integer, and an empty text, with 400', async () => {
    expect((await send('abc')).status).toBe(400)
    expect((await send(70001, { text: '  ' })).status).toBe(400)
    expect((await send(70001, { text: 'x'.repeat(1001) })).status).toBe(400)
  })
})
