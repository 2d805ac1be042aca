// The dev panel's bridge inspector: a drawer listing, per widget and live,
// each call the host traced (`onTrace`), its dialogs and events, the emulator's webhook
// deliveries for that widget, and its backend's calls to the platform (the emulator's call log,
// each linked to the bridge call it came from); "Copy as test" writes the sequence as a
// `createTestHost` test.
//
// Every widget is hostile: its values are text (see inspector-rows.ts). The host's dialogs are
// modal and guard their focus: the inspector never moves focus while one is open, and its drawer
// sits below the top layer they open in.

import type { HostContext, TraceEntry, WidgetRegistration } from 'platform-widget-sdk/host'
import type { HttpBackend, WebhookDelivery } from './backend.js'
import { h } from './dom.js'
import { type Locale, STRINGS } from './i18n.js'
import { createLists } from './inspector-lists.js'
import { copyText, hostDialogOpen, inspectorMarkup } from './inspector-markup.js'
import { createLinker, type PlatformCall, platformRow } from './inspector-platform.js'
import { testSource } from './test-source.js'
import { type CallRecord, createTraceLog } from './trace-log.js'

/** Milliseconds between two reads of the webhook log, while the drawer is open. */
const POLL = 1500

export interface InspectorOptions {
  locale: Locale
  context: HostContext
  widgets: WidgetRegistration[]
  backend: Pick<HttpBackend, 'webhookDeliveries' | 'platformCalls'>
  /** The widget to open on (the page's own, on `/panel/apps/{app_key}`); default the first. */
  initial?: string
  /** The host's first SMS package count (`DEFAULT_SMS_PACKAGES[0].count`). */
  firstSmsCount?: number
}

export interface Inspector {
  /** The host's `onTrace`. */
  record(entry: TraceEntry): void
  /** Adds the toggle button and the drawer to the page, and the keyboard shortcut. */
  attach(): void
  /** Removes them again and stops reading the webhook log (a test's teardown). */
  destroy(): void
}

const problemOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Alt+Shift+I, by key position so that it works in a Persian layout too. */
export const isShortcut = (event: KeyboardEvent) =>
  event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyI'

export { hostDialogOpen }

export function createInspector(options: InspectorOptions): Inspector {
  // Long: the drawer's parts and their handlers close over one state (widget, picks, poll timer).
  const { locale } = options
  const t = STRINGS[locale].inspector
  const log = createTraceLog()
  let current =
    options.widgets.find((w) => w.app_key === options.initial)?.app_key ??
    options.widgets[0]?.app_key ??
    ''
  const picked = new Set<number>()
  const opened = new Set<number>()
  let deliveries: WebhookDelivery[] = []
  let webhookProblem = ''
  let platformCalls: PlatformCall[] = []
  let platformProblem = ''
  let platformSig = ''
  const linker = createLinker()
  let poll: ReturnType<typeof setTimeout> | undefined
  let scheduled = false

  const {
    toggle,
    title,
    close,
    select,
    copy,
    clear,
    status,
    fallback,
    calls,
    hooks,
    platform,
    drawer,
  } = inspectorMarkup(t, options.widgets)
  select.value = current

  const isOpen = () => !drawer.hidden
  const sequence = (): CallRecord[] => {
    const all = log.calls(current)
    const ids = all.map((c) => c.call_id).filter((id) => picked.has(id))
    if (ids.length === 0) return all
    const from = all.findIndex((c) => c.call_id === ids[0])
    const to = all.findIndex((c) => c.call_id === ids[ids.length - 1])
    return all.slice(from, to + 1)
  }

  const lists = createLists({ calls, hooks, title, locale, t })

  /** Redraws what changed; only while the drawer is open, once per animation frame at most. */
  const render = () => {
    scheduled = false
    if (!isOpen()) return
    const all = log.calls(current)
    lists.drawCalls(all, (id) => ({ selected: picked.has(id), open: opened.has(id) }))
    lists.drawHooks(all, deliveries, webhookProblem)
    void drawPlatform(all)
  }

  /** The platform calls, redrawn when they or their links changed (links need a digest: async). */
  const drawPlatform = async (all: CallRecord[]) => {
    const app_key = current
    const links = await linker.link(all, platformCalls)
    if (app_key !== current) return
    const sig = JSON.stringify([
      platformProblem,
      platformCalls.map((c) => [c.id, links.get(c.id)?.call_id]),
    ])
    if (sig === platformSig) return
    platformSig = sig
    platform.replaceChildren(
      ...(platformProblem
        ? [h('li', { class: 'error' }, t.platformError, ': ', platformProblem)]
        : []),
      ...(platformCalls.length
        ? [...platformCalls].reverse().map((c) => platformRow(c, links.get(c.id), locale, t))
        : [h('li', { class: 'muted' }, t.noPlatform)]),
    )
  }

  const schedule = () => {
    if (scheduled || !isOpen()) return
    scheduled = true
    requestAnimationFrame(render)
  }
  log.subscribe((app_key) => app_key === current && schedule())

  const readWebhooks = async () => {
    const app_key = current
    const [hooksRead, callsRead] = await Promise.allSettled([
      options.backend.webhookDeliveries(app_key),
      options.backend.platformCalls(app_key),
    ])
    if (app_key !== current) return
    if (hooksRead.status === 'fulfilled') {
      deliveries = hooksRead.value
      webhookProblem = ''
    } else webhookProblem = problemOf(hooksRead.reason)
    if (callsRead.status === 'fulfilled') {
      platformCalls = callsRead.value
      platformProblem = ''
    } else platformProblem = problemOf(callsRead.reason)
    schedule()
    if (!isOpen()) return
    // Reads can overlap (closed and opened again while one is under way): one timer, not two.
    clearTimeout(poll)
    poll = setTimeout(readWebhooks, POLL)
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
    await copyText(text, { status, fallback, t })
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
    lists.reset()
    deliveries = []
    platformCalls = []
    platformSig = ''
    linker.reset()
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

  const onKey = (event: KeyboardEvent) => {
    // A key typed into a host dialog reaches the page too: the dialog keeps it.
    if (!isShortcut(event) || hostDialogOpen()) return
    event.preventDefault()
    if (isOpen()) shut()
    else open()
  }

  return {
    record: log.record,
    attach() {
      document.body.append(toggle, drawer)
      document.addEventListener('keydown', onKey)
    },
    destroy() {
      document.removeEventListener('keydown', onKey)
      // Hidden, a read under way schedules no next one.
      shut()
      toggle.remove()
      drawer.remove()
    },
  }
}
