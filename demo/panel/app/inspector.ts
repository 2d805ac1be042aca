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
import type { HttpBackend } from './backend.js'
import { type Locale, STRINGS } from './i18n.js'
import { createLists } from './inspector-lists.js'
import { copyText, hostDialogOpen, inspectorMarkup } from './inspector-markup.js'
import { createPlatformList } from './inspector-platform.js'
import { createReader } from './inspector-reader.js'
import { testSource } from './test-source.js'
import { type CallRecord, createTraceLog } from './trace-log.js'

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

/** Alt+Shift+I, by key position so that it works in a Persian layout too. */
export const isShortcut = (event: KeyboardEvent) =>
  event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyI'

export { hostDialogOpen }

type Parts = ReturnType<typeof inspectorMarkup>

/** The calls "Copy as test" copies: from the first ticked to the last, or all with none ticked. */
function pickedRange(all: CallRecord[], picked: Set<number>): CallRecord[] {
  const ids = all.map((c) => c.call_id).filter((id) => picked.has(id))
  if (ids.length === 0) return all
  const from = all.findIndex((c) => c.call_id === ids[0])
  const to = all.findIndex((c) => c.call_id === ids[ids.length - 1])
  return all.slice(from, to + 1)
}

/** Writes `calls` of widget `app_key` as a `createTestHost` test to the clipboard. */
async function copyTest(
  options: InspectorOptions,
  app_key: string,
  calls: CallRecord[],
  parts: Pick<Parts, 'status' | 'fallback'>,
): Promise<void> {
  const widget = options.widgets.find((w) => w.app_key === app_key)
  if (!widget) return
  const text = testSource(
    {
      app_key: widget.app_key,
      name: typeof widget.name === 'string' ? widget.name : widget.name[options.locale],
      context: options.context,
      scopes: widget.scopes,
      products: widget.products ?? [],
      plans: widget.plans ?? [],
    },
    calls,
    options.firstSmsCount === undefined ? {} : { firstSmsCount: options.firstSmsCount },
  )
  await copyText(text, { ...parts, t: STRINGS[options.locale].inspector })
}

/** Keeps which rows are ticked and which are open across redraws. */
function followRows(calls: HTMLElement, picked: Set<number>, opened: Set<number>): void {
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
}

/**
 * The drawer shown and hidden, by its toggle, its close button, Escape and the shortcut: its
 * state for assistive technology, the page's marker, and focus, which it never takes from a host
 * dialog (the dialog keeps focus, and takes back what leaves it).
 */
function createDrawer(
  { toggle, title, close, drawer }: Pick<Parts, 'toggle' | 'title' | 'close' | 'drawer'>,
  on: { open(): void; shut(): void },
) {
  const isOpen = () => !drawer.hidden
  const open = () => {
    drawer.hidden = false
    toggle.setAttribute('aria-expanded', 'true')
    document.documentElement.dataset.inspector = 'open'
    on.open()
    if (!hostDialogOpen()) title.focus()
  }
  const shut = () => {
    const hadFocus = drawer.contains(document.activeElement)
    drawer.hidden = true
    toggle.setAttribute('aria-expanded', 'false')
    delete document.documentElement.dataset.inspector
    on.shut()
    if (hadFocus && !hostDialogOpen()) toggle.focus()
  }
  toggle.addEventListener('click', () => (isOpen() ? shut() : open()))
  close.addEventListener('click', shut)
  drawer.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      shut()
    }
  })
  /** The page's keydown listener: the shortcut. */
  const onKey = (event: KeyboardEvent) => {
    // A key typed into a host dialog reaches the page too: the dialog keeps it.
    if (!isShortcut(event) || hostDialogOpen()) return
    event.preventDefault()
    if (isOpen()) shut()
    else open()
  }
  return { isOpen, shut, onKey }
}

/** The page's own widget when it has one, else the first. */
const initialWidget = ({ widgets, initial }: InspectorOptions) =>
  widgets.find((w) => w.app_key === initial)?.app_key ?? widgets[0]?.app_key ?? ''

/** The drawer and its state: what is drawn, ticked and open, and the widget shown. */
export function createInspector(options: InspectorOptions): Inspector {
  const { locale } = options
  const t = STRINGS[locale].inspector
  const log = createTraceLog()
  let current = initialWidget(options)
  const picked = new Set<number>()
  const opened = new Set<number>()
  let scheduled = false
  const parts = inspectorMarkup(t, options.widgets, locale)
  const { toggle, title, select, copy, clear, calls, drawer } = parts
  select.value = current
  const { isOpen, shut, onKey } = createDrawer(parts, {
    open: () => {
      render()
      reader.start()
    },
    shut: () => reader.stop(),
  })
  const lists = createLists({ calls, hooks: parts.hooks, title, locale, t })
  const platformList = createPlatformList(parts.platform, locale, t)
  const reader = createReader({
    backend: options.backend,
    current: () => current,
    isOpen,
    changed: () => schedule(),
  })

  /** Redraws what changed; only while the drawer is open, once per animation frame at most. */
  const render = () => {
    scheduled = false
    if (!isOpen()) return
    const all = log.calls(current)
    const { reads } = reader
    lists.drawCalls(all, (id) => ({ selected: picked.has(id), open: opened.has(id) }))
    lists.drawHooks(all, reads.deliveries, reads.webhookProblem)
    const app_key = current
    void platformList.draw(all, reads, () => app_key === current)
  }
  const schedule = () => {
    if (scheduled || !isOpen()) return
    scheduled = true
    requestAnimationFrame(render)
  }
  log.subscribe((app_key) => app_key === current && schedule())
  copy.addEventListener(
    'click',
    () => void copyTest(options, current, pickedRange(log.calls(current), picked), parts),
  )
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
    reader.reset()
    platformList.reset()
    render()
    reader.start()
  })
  followRows(calls, picked, opened)

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
