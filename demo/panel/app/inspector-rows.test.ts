// The inspector's words for a call's dialogs and a webhook's attempts.
import { describe, expect, it } from 'vitest'
import type { WebhookDelivery } from './backend.js'
import { STRINGS } from './i18n.js'
import { callRow, webhookRow } from './inspector-rows.js'
import type { CallRecord } from './trace-log.js'

const t = STRINGS.en.inspector
const closed = { selected: false, open: false }

function delivery(attempts: number): WebhookDelivery {
  return {
    id: 'evt_1',
    app_key: 'w',
    type: 'payment.succeeded',
    url: 'http://127.0.0.1:1/hook',
    status: 'delivered',
    attempts,
    event: { type: 'payment.succeeded', id: 'evt_1', created_at: '', app_key: 'w', data: {} },
    body: '{}',
    history: [],
    series: 1,
  }
}

describe('the inspector rows', () => {
  it.each([
    [1, '1 attempt'],
    [2, '2 attempts'],
    [0, '0 attempts'],
  ])('counts %i webhook attempts as "%s"', (attempts, words) => {
    const row = webhookRow(delivery(attempts), undefined, 'en', t)
    expect(row.querySelector('.duration')?.textContent).toBe(words)
  })

  it('shows a declined card as declined, with what the widget heard', () => {
    const call: CallRecord = {
      call_id: 3,
      app_key: 'w',
      method: 'pay',
      args: { product_key: 'pro' },
      time: 0,
      result: {
        ok: true,
        value: {
          event: 'PLATFORM_PAYMENT_ERROR',
          message: 'The card was declined',
          product_key: 'pro',
        },
      },
      dialogs: [{ kind: 'payment', answer: 'error' }],
      events: [],
    }
    const text = callRow(call, closed, 'en', t).querySelector('.dialog')?.textContent
    expect(text).toBe('Dialog payment: failed: The card was declined')
    expect(text).not.toContain('backend error')
  })
})
