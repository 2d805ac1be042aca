// The bridge inspector's rows: one call, one webhook delivery. Every value in them came from a
// widget (or from its backend, through the platform): each is set as text by `h`, never parsed.

import type { WebhookDelivery } from './backend.js'
import { LONG, preview } from './bounded.js'
import { h } from './dom.js'
import { formatNumber, type Locale, type Strings } from './i18n.js'
import type { CallRecord } from './trace-log.js'

/** Characters of a value shown in a one-line summary. */
const SUMMARY = 80

export const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}…` : text

export { preview }

export const clock = (time: number, locale: Locale) =>
  new Intl.DateTimeFormat(locale === 'fa' ? 'fa-IR' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    fractionalSecondDigits: 3,
    hour12: false,
  }).format(time)

/** Left to right inside a right-to-left page: method names, codes and JSON read as written. */
export const ltr = (cls: string, text: string) => h('code', { class: cls, dir: 'ltr' }, text)

function outcome(call: CallRecord, t: Strings['inspector']): HTMLElement {
  const { result } = call
  if (!result) return h('span', { class: 'outcome pending' }, t.pending)
  if (!result.ok) {
    return h(
      'span',
      { class: 'outcome error', title: cut(result.error.message, LONG) },
      ltr('code', result.error.code),
    )
  }
  const event = (result.value as { event?: unknown } | null)?.event
  return h(
    'span',
    { class: 'outcome ok' },
    ltr('value', typeof event === 'string' ? event : cut(preview(result.value), SUMMARY)),
  )
}

/**
 * Why a dialog's action failed, as the widget heard it: a payment the card declined ends in
 * `PLATFORM_PAYMENT_ERROR` with the platform's message ("The card was declined"), which says more
 * than "failed".
 */
function failure(call: CallRecord): HTMLElement | null {
  const value = call.result?.ok ? (call.result.value as { message?: unknown } | null) : null
  const message = typeof value?.message === 'string' ? value.message : undefined
  return message ? h('span', { class: 'failure' }, `: ${cut(message, SUMMARY)}`) : null
}

/** One call: time, method, outcome and duration; its arguments folded; its dialogs and events. */
export function callRow(
  call: CallRecord,
  state: { selected: boolean; open: boolean },
  locale: Locale,
  t: Strings['inspector'],
): HTMLLIElement {
  // The host's call id: it stays when older calls are dropped, and ties webhooks to calls.
  const number = formatNumber(call.call_id, locale)
  const args = preview(call.args)
  const details = h(
    'details',
    { class: 'args', open: state.open },
    h('summary', {}, `${t.args}: `, ltr('json', cut(args, SUMMARY))),
    h('pre', { dir: 'ltr' }, preview(call.args, { pretty: true })),
  )
  return h(
    'li',
    { class: 'call', 'data-call-id': call.call_id, 'data-method': call.method },
    h(
      'div',
      { class: 'call-head' },
      h('input', {
        type: 'checkbox',
        class: 'pick',
        checked: state.selected,
        'aria-label': t.select(number),
      }),
      h('span', { class: 'n' }, number),
      h('time', { datetime: new Date(call.time).toISOString() }, clock(call.time, locale)),
      ltr('method', call.method),
      outcome(call, t),
      call.duration === undefined
        ? null
        : h('span', { class: 'duration' }, t.ms(formatNumber(call.duration, locale))),
    ),
    details,
    ...call.dialogs.map((d) =>
      h(
        'p',
        { class: `dialog answer-${d.answer}`, 'data-kind': d.kind },
        `${t.dialog} `,
        ltr('kind', d.kind),
        `: ${t.answers[d.answer] ?? d.answer}`,
        d.code ? ' ' : null,
        d.code ? ltr('code', d.code) : null,
        d.answer === 'error' ? failure(call) : null,
      ),
    ),
    ...call.events.map((e) => h('p', { class: 'event' }, `${t.event}: `, ltr('value', e.event))),
  )
}

/**
 * In place of a row that threw while it was drawn: its call number, method and the error's kind
 * (never its message, which may quote widget data).
 */
export function failedRow(
  call_id: number | undefined,
  method: string,
  error: unknown,
  t: Strings['inspector'],
): HTMLLIElement {
  const kind = error instanceof Error ? error.name : typeof error
  return h(
    'li',
    {
      class: call_id === undefined ? 'webhook failed' : 'call failed',
      'data-call-id': call_id,
      'data-method': method,
    },
    h(
      'div',
      { class: 'call-head' },
      call_id === undefined ? null : h('span', { class: 'n' }, String(call_id)),
      ltr('method', method),
      h('span', { class: 'outcome error' }, `${t.drawFailed} `, ltr('code', kind)),
    ),
  )
}

/** The receipt a call's result names, to tie a webhook to the call that caused it. */
export const receiptOf = (call: CallRecord): unknown =>
  call.result?.ok ? (call.result.value as { receipt_id?: unknown } | null)?.receipt_id : undefined

export function webhookRow(
  delivery: WebhookDelivery,
  cause: CallRecord | undefined,
  locale: Locale,
  t: Strings['inspector'],
): HTMLLIElement {
  return h(
    'li',
    { class: `webhook status-${delivery.status}`, 'data-id': delivery.id },
    h(
      'div',
      { class: 'call-head' },
      delivery.delivered_at
        ? h(
            'time',
            { datetime: delivery.delivered_at },
            clock(Date.parse(delivery.delivered_at), locale),
          )
        : null,
      ltr('method', delivery.type),
      h('span', { class: 'outcome' }, ltr('value', delivery.status)),
      delivery.response_status === undefined ? null : ltr('code', String(delivery.response_status)),
      h(
        'span',
        { class: 'duration' },
        t.attempts(formatNumber(delivery.attempts, locale), delivery.attempts),
      ),
    ),
    cause
      ? h(
          'p',
          { class: 'cause' },
          t.fromCall(formatNumber(cause.call_id, locale)),
          ' ',
          ltr('kind', cause.method),
        )
      : null,
    delivery.error ? h('p', { class: 'error' }, ltr('value', cut(delivery.error, LONG))) : null,
    h(
      'details',
      { class: 'args' },
      h('summary', {}, ltr('json', cut(preview(delivery.event.data), SUMMARY))),
      h('pre', { dir: 'ltr' }, preview(delivery.event, { pretty: true })),
    ),
  )
}
