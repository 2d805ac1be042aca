// What `trigger`, `resend` and `deliveries` print comes from the network (the receiver's answer,
// an emulator's error): its control characters are taken out, so an ESC sequence cannot clear
// the developer's terminal, retitle it or hide a line; \n and \t stay.

import { describe, expect, it } from 'vitest'
import type { WebhookDelivery } from '../shared/webhook-types.js'
import { describeDelivery, printable, runWebhookCommand } from './webhook-commands.js'

const HOSTILE = 'ok\u001b[2J\u001b]0;pwned\u0007\r\u009b31m\u007fdone\n\tnext'
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters the output must not hold
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/

function delivery(): WebhookDelivery {
  const attempt = {
    series: 1,
    sent_at: '2026-01-01T00:00:00.000Z',
    headers: {
      'content-type': 'application/json',
      'webhook-id': 'evt_1',
      'webhook-timestamp': '1',
      'webhook-signature': 'v1,x',
    },
    duration_ms: 3,
  }
  return {
    id: 'evt_1',
    app_key: 'demo-doctor',
    type: 'payment.succeeded',
    url: 'http://localhost:4401/hook',
    status: 'failed',
    attempts: 2,
    error: `The receiver said ${HOSTILE}`,
    event: {
      type: 'payment.succeeded',
      id: 'evt_1',
      created_at: '2026-01-01T00:00:00.000Z',
      app_key: 'demo-doctor',
      data: {},
    },
    body: '{}',
    history: [
      { ...attempt, error: `Could not deliver: ${HOSTILE}` },
      { ...attempt, response_status: 500, response_body: HOSTILE, error: 'HTTP 500' },
    ],
    series: 1,
  }
}

describe('printing what the network sent', () => {
  it('printable() drops C0, DEL and C1 but keeps \\n and \\t', () => {
    expect(printable(HOSTILE)).toBe('ok[2J]0;pwned31mdone\n\tnext')
  })

  it('describeDelivery() prints no control character of the answer or the errors', () => {
    const text = describeDelivery(delivery()).join('\n')
    expect(text).toContain('ok[2J]0;pwned31mdone')
    expect(text).not.toMatch(CONTROLS)
  })

  it('deliveries and an error from the emulator print no control character', async () => {
    const lines: string[] = []
    const io = {
      out: (line: string) => lines.push(line),
      err: (line: string) => lines.push(line),
      fetch: (async () => Response.json({ deliveries: [delivery()] })) as typeof fetch,
    }
    const env = { PLATFORM_URL: 'http://127.0.0.1:4361' }
    expect(await runWebhookCommand('deliveries', [], env, io)).toBe(0)
    io.fetch = (async () =>
      Response.json({ error: 'X', message: HOSTILE }, { status: 400 })) as typeof fetch
    expect(await runWebhookCommand('deliveries', ['evt_1'], env, io)).toBe(1)
    expect(lines).toHaveLength(2)
    for (const line of lines) expect(line).not.toMatch(CONTROLS)
  })
})
