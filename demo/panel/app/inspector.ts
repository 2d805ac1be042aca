// The dev panel's bridge inspector (issue 26, item 4): a drawer listing, per widget and live,
// each call the host traced (`onTrace`), its dialogs and events, and the emulator's webhook
// deliveries for that widget; "Copy as test" writes the sequence as a `createTestHost` test.
//
// Every widget is hostile: its values are text (see inspector-rows.ts). The host's dialogs are
// modal and guard their focus: the inspector never moves focus while one is open, and its drawer
// sits below the top layer they open in.

import type { HostContext, TraceEntry, WidgetRegistration } from '../../../src/host/index.js'
import type { HttpBackend, WebhookDelivery } from './backend.js'
import { h, icon } from './dom.js'
import { type Locale, STRINGS } from './i18n.js'
import { callRow, receiptOf, webhookRow } from './inspector-rows.js'
import { testSource } from './test-source.js'
import { type CallRecord, createTraceLog } from './trace-log.js'

/** Milliseconds between two reads of the webhook log, while the drawer is open. */
const POLL = 1500

export interface InspectorOptions {
  locale: Locale
  context: HostContext
  widgets: WidgetRegistration[]
  backend: Pick<HttpBackend, 'webhookDeliveries'>
  /** The host's first SMS package count (`DEFAULT_SMS_PACKAGES[0].count`). */
  firstSmsCount?: number
}

export interface Inspector {
  /** The host's `onTrace`. */
  record(entry: TraceEntry): void
  /** Adds the toggle button and the drawer to the page, and the keyboard shortcut. */
  attach(): void
}

/** Alt+Shift+I, by key position so that it works in a Persian layout too. */
export const isShortcut = (event: KeyboardEvent) =>
  event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyI'

/** Whether one of the host's dialogs is open (in its shadow root, in the top layer). */
export function hostDialogOpen(doc: Document = document): boolean {
  return [...doc.querySelectorAll('[data-platform-dialogs]')].some(
    (layer) => layer.shadowRoot?.querySelector('dialog[open]') != null,
  )
}

/** Puts `next` in place of `row`; focus inside `row` moves to the same control in `next`. */
function replaceKeepingFocus(row: HTMLElement, next: HTMLElement): void {
  const active = document.activeElement
  const which =
    active && row.contains(active) ? (active.matches('summary') ? 'summary' : '.pick') : ''
  row.replaceWith(next)
  if (which && !hostDialogOpen()) next.querySelector<HTMLElement>(which)?.focus()
}

export function createInspector(options: InspectorOptions): Inspector {
  // Long: the drawer's parts and their handlers close over one state (widget, picks, poll timer).
  const { locale } = options
  const t = STRINGS[locale].inspector
  const log = createTraceLog()
  let current = options.widgets[0]?.app_key ?? ''
  const picked = new Set<number>()
  const opened = new Set<number>()
  let deliveries: WebhookDelivery[] = []
  let webhookProblem = ''
  let poll: ReturnType<typeof setTimeout> | undefined
  let scheduled = false

  const toggle = h(
    'button',
    {
      type: 'button',
      class: 'inspector-toggle',
      'aria-expanded': 'false',
      'aria-controls': 'bridge-inspector',
      'aria-keyshortcuts': 'Alt+Shift+I',
    },
    icon('puzzle'),
    t.open,
  )
  const title = h('h2', { id: 'bridge-inspector-title', tabindex: -1 }, t.title)
  const close = h(
    'button',
    { type: 'button', class: 'inspector-close', 'aria-label': t.close },
    '×',
  )
  const select = h(
    'select',
    { id: 'bridge-inspector-widget' },
    ...options.widgets.map((w) => h('option', { value: w.app_key }, w.name)),
  )
  const copy = h(
    'button',
    { type: 'button', class: 'button primary', 'data-action': 'copy' },
    t.copy,
  )
  const clear = h(
    'button',
    { type: 'button', class: 'button ghost', 'data-action': 'clear' },
    t.clear,
  )
  const status = h('p', { class: 'inspector-status', role: 'status', 'aria-live': 'polite' })
  const fallback = h('textarea', {
    class: 'inspector-source',
    readonly: true,
    'aria-label': t.source,
    hidden: true,
    rows: 8,
  })
  const calls = h('ol', { class: 'inspector-calls', 'aria-labelledby': 'bridge-inspector-calls' })
  const hooks = h('ol', {
    class: 'inspector-webhooks',
    'aria-labelledby': 'bridge-inspector-hooks',
  })
  const drawer = h(
    'section',
    { id: 'bridge-inspector', class: 'inspector', 'aria-labelledby': title.id, hidden: true },
    h('div', { class: 'inspector-head' }, title, close),
    h(
      'div',
      { class: 'inspector-tools' },
      h('label', { for: select.id }, t.widget),
      select,
      copy,
      clear,
    ),
    h('p', { class: 'muted' }, t.hint),
    status,
    fallback,
    h('h3', { id: 'bridge-inspector-calls' }, t.calls),
    calls,
    h('h3', { id: 'bridge-inspector-hooks' }, t.webhooks),
    hooks,
  )

  const isOpen = () => !drawer.hidden
  const sequence = (): CallRecord[] => {
    const all = log.calls(current)
    const ids = all.map((c) => c.call_id).filter((id) => picked.has(id))
    if (ids.length === 0) return all
    const from = all.findIndex((c) => c.call_id === ids[0])
    const to = all.findIndex((c) => c.call_id === ids[ids.length - 1])
    return all.slice(from, to + 1)
  }

  /** Each row drawn, with what it showed: a row is redrawn only when its call changed. */
  const rows = new Map<number, { li: HTMLLIElement; sig: string }>()
  const empty = h('li', { class: 'muted' }, t.none)
  let hooksSig = ''

  /** Redraws what changed; only while the drawer is open, once per animation frame at most. */
  const render = () => {
    scheduled = false
    if (!isOpen()) return
    const all = log.calls(current)
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
      const state = { selected: picked.has(call.call_id), open: opened.has(call.call_id) }
      const li = callRow(call, state, locale, t)
      if (old) replaceKeepingFocus(old.li, li)
      else calls.append(li)
      rows.set(call.call_id, { li, sig })
    }
    renderHooks(all)
  }

  const renderHooks = (all: CallRecord[]) => {
    const sig = JSON.stringify([
      webhookProblem,
      deliveries.map((d) => [d.id, d.status, d.attempts]),
    ])
    if (sig === hooksSig && hooks.childElementCount) return
    hooksSig = sig
    const byReceipt = new Map(all.map((call) => [receiptOf(call), call]))
    byReceipt.delete(undefined)
    const focused = hooks.contains(document.activeElement)
    hooks.replaceChildren(
      ...(webhookProblem
        ? [h('li', { class: 'error' }, t.webhookError, ': ', webhookProblem)]
        : []),
      ...(deliveries.length
        ? deliveries.map((d) => webhookRow(d, byReceipt.get(d.event.data.receipt_id), locale, t))
        : [h('li', { class: 'muted' }, t.noWebhooks)]),
    )
    if (focused && !hostDialogOpen()) title.focus()
  }

  const schedule = () => {
    if (scheduled || !isOpen()) return
    scheduled = true
    requestAnimationFrame(render)
  }
  log.subscribe((app_key) => app_key === current && schedule())

  const readWebhooks = async () => {
    const app_key = current
    try {
      const list = await options.backend.webhookDeliveries(app_key)
      if (app_key !== current) return
      deliveries = list
      webhookProblem = ''
    } catch (error) {
      webhookProblem = error instanceof Error ? error.message : String(error)
    }
    schedule()
    if (isOpen()) poll = setTimeout(readWebhooks, POLL)
  }

  const open = () => {
    drawer.hidden = false
    toggle.setAttribute('aria-expanded', 'true')
    document.documentElement.dataset.inspector = 'open'
    render()
    clearTimeout(poll)
    void readWebhooks()
    // Never while a host dialog is open: it keeps focus, and takes back what leaves it.
    if (!hostDialogOpen()) title.focus()
  }
  const shut = () => {
    const hadFocus = drawer.contains(document.activeElement)
    drawer.hidden = true
    toggle.setAttribute('aria-expanded', 'false')
    delete document.documentElement.dataset.inspector
    clearTimeout(poll)
    poll = undefined
    if (hadFocus && !hostDialogOpen()) toggle.focus()
  }

  const copyTest = async () => {
    const widget = options.widgets.find((w) => w.app_key === current)
    if (!widget) return
    const text = testSource(
      {
        app_key: widget.app_key,
        name: widget.name,
        context: options.context,
        scopes: widget.scopes,
        products: widget.products ?? [],
        plans: widget.plans ?? [],
      },
      sequence(),
      options.firstSmsCount === undefined ? {} : { firstSmsCount: options.firstSmsCount },
    )
    status.textContent = ''
    try {
      await navigator.clipboard.writeText(text)
      fallback.hidden = true
      status.textContent = t.copied
    } catch {
      // No clipboard permission (or an old browser): the text selected, for the user to copy.
      fallback.hidden = false
      fallback.value = text
      if (!hostDialogOpen()) fallback.focus()
      fallback.select()
      status.textContent = t.copyFallback
    }
  }

  toggle.addEventListener('click', () => (isOpen() ? shut() : open()))
  close.addEventListener('click', shut)
  copy.addEventListener('click', () => void copyTest())
  clear.addEventListener('click', () => {
    log.clear(current)
    picked.clear()
    schedule()
  })
  select.addEventListener('change', () => {
    current = select.value
    picked.clear()
    opened.clear()
    for (const row of rows.values()) row.li.remove()
    rows.clear()
    deliveries = []
    render()
    clearTimeout(poll)
    void readWebhooks()
  })
  calls.addEventListener('change', (event) => {
    const box = event.target as HTMLInputElement
    const id = Number(box.closest('li')?.dataset.callId)
    if (box.checked) picked.add(id)
    else picked.delete(id)
  })
  // `toggle` does not bubble: listened for in the capture phase.
  calls.addEventListener(
    'toggle',
    (event) => {
      const details = event.target as HTMLDetailsElement
      const id = Number(details.closest('li')?.dataset.callId)
      if (details.open) opened.add(id)
      else opened.delete(id)
    },
    true,
  )
  drawer.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      shut()
    }
  })

  return {
    record: log.record,
    attach() {
      document.body.append(toggle, drawer)
      document.addEventListener('keydown', (event) => {
        // A key typed into a host dialog reaches the page too: the dialog keeps it.
        if (!isShortcut(event) || hostDialogOpen()) return
        event.preventDefault()
        if (isOpen()) shut()
        else open()
      })
    },
  }
}
