// The bridge inspector's two lists, redrawn where they changed: a call's row only when its call
// did, the webhooks only when a delivery or a receipt did, so that focus and open rows stay.

import type { WebhookDelivery } from './backend.js'
import { h } from './dom.js'
import type { Locale, Strings } from './i18n.js'
import { hostDialogOpen } from './inspector-markup.js'
import { callRow, failedRow, receiptOf, webhookRow } from './inspector-rows.js'
import type { CallRecord } from './trace-log.js'

/** Puts `next` in place of `row`; focus inside `row` moves to the same control in `next`. */
function replaceKeepingFocus(row: HTMLElement, next: HTMLElement): void {
  const active = document.activeElement
  const which =
    active && row.contains(active) ? (active.matches('summary') ? 'summary' : '.pick') : ''
  row.replaceWith(next)
  if (which && !hostDialogOpen()) next.querySelector<HTMLElement>(which)?.focus()
}

/** What `draw` makes, or, when it throws, what `failed` makes of its error. */
function drawn<T>(draw: () => T, failed: (error: unknown) => T): T {
  try {
    return draw()
  } catch (error) {
    return failed(error)
  }
}
const noop = () => undefined

export function createLists(parts: {
  calls: HTMLElement
  hooks: HTMLElement
  /** Where focus goes when the webhook row it was on is redrawn. */
  title: HTMLElement
  locale: Locale
  t: Strings['inspector']
}) {
  const { calls, hooks, title, locale, t } = parts
  /** Each row drawn, with what it showed. */
  const rows = new Map<number, { li: HTMLLIElement; sig: string }>()
  const empty = h('li', { class: 'muted' }, t.none)
  let hooksSig = ''

  return {
    drawCalls(all: CallRecord[], state: (id: number) => { selected: boolean; open: boolean }) {
      const kept = new Set(all.map((c) => c.call_id))
      for (const [id, row] of rows) {
        if (kept.has(id)) continue
        row.li.remove()
        rows.delete(id)
      }
      if (all.length === 0) calls.replaceChildren(empty)
      else empty.remove()
      for (const call of all) {
        const sig = `${call.result ? 1 : 0}/${call.dialogs.length}/${call.events.length}`
        const old = rows.get(call.call_id)
        if (old?.sig === sig) continue
        // A row that cannot be drawn is one error row, kept until its call changes: it is not
        // retried on every redraw, and the calls after it are still drawn.
        const li = drawn(
          () => callRow(call, state(call.call_id), locale, t),
          (error) => failedRow(call.call_id, call.method, error, t),
        )
        if (old) replaceKeepingFocus(old.li, li)
        else calls.append(li)
        rows.set(call.call_id, { li, sig })
      }
    },

    drawHooks(all: CallRecord[], deliveries: WebhookDelivery[], problem: string) {
      const byReceipt = new Map(all.map((call) => [drawn(() => receiptOf(call), noop), call]))
      byReceipt.delete(undefined)
      const sig = JSON.stringify([
        problem,
        deliveries.map((d) => [
          d.id,
          d.status,
          d.attempts,
          byReceipt.get(d.event.data.receipt_id)?.call_id,
        ]),
      ])
      if (sig === hooksSig) return
      hooksSig = sig
      const focused = hooks.contains(document.activeElement)
      hooks.replaceChildren(
        ...(problem ? [h('li', { class: 'error' }, t.webhookError, ': ', problem)] : []),
        ...(deliveries.length
          ? deliveries.map((d) =>
              drawn(
                () => webhookRow(d, byReceipt.get(d.event.data.receipt_id), locale, t),
                (error) => failedRow(undefined, String(d.type), error, t),
              ),
            )
          : [h('li', { class: 'muted' }, t.noWebhooks)]),
      )
      if (focused && !hostDialogOpen()) title.focus()
    },

    /** Another widget: every row goes. */
    reset() {
      for (const row of rows.values()) row.li.remove()
      rows.clear()
      hooksSig = ''
    },
  }
}
