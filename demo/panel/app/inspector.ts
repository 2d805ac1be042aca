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
  /**
   * Draws the toggle and the drawer again in `locale`, where they were, open if it was: what
   * was recorded, ticked and opened, and the widget shown, stay.
   */
  setLocale(locale: Locale): void
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
  locale: Locale,
  app_key: string,
  calls: CallRecord[],
  parts: Pick<Parts, 'status' | 'fallback'>,
): Promise<void> {
  const widget = options.widgets.find((w) => w.app_key === app_key)
  if (!widget) return
  const text = testSource(
    {
      app_key: widget.app_key,
      name: typeof widget.name === 'string' ? widget.name : widget.name[locale],
      context: options.context,
      scopes: widget.scopes,
      products: widget.products ?? [],
      plans: widget.plans ?? [],
    },
    calls,
    options.firstSmsCount === undefined ? {} : { firstSmsCount: options.firstSmsCount },
  )
  await copyText(text, { ...parts, t: STRINGS[locale].inspector })
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
  const open = ({ focus = true } = {}) => {
    drawer.hidden = false
    toggle.setAttribute('aria-expanded', 'true')
    document.documentElement.dataset.inspector = 'open'
    on.open()
    if (focus && !hostDialogOpen()) title.focus()
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
  return { isOpen, open, shut, onKey }
}

/** The page's own widget when it has one, else the first. */
const initialWidget = ({ widgets, initial }: InspectorOptions) =>
  widgets.find((w) => w.app_key === initial)?.app_key ?? widgets[0]?.app_key ?? ''

/** What the inspector keeps across languages: the log, the widget shown, what is ticked and open. */
interface State {
  locale: Locale
  log: ReturnType<typeof createTraceLog>
  current: string
  picked: Set<number>
  opened: Set<number>
}

/** The drawer and its toggle in `state.locale`, drawing `state`. */
function createView(options: InspectorOptions, state: State) {
  const { locale, log, picked, opened } = state
  const t = STRINGS[locale].inspector
  let scheduled = false
  const parts = inspectorMarkup(t, options.widgets, locale)
  const { toggle, title, select, copy, clear, calls, drawer } = parts
  select.value = state.current
  const { isOpen, open, shut, onKey } = createDrawer(parts, {
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
    current: () => state.current,
    isOpen,
    changed: () => schedule(),
  })

  /** Redraws what changed; only while the drawer is open, once per animation frame at most. */
  const render = () => {
    scheduled = false
    if (!isOpen()) return
    const all = log.calls(state.current)
    const { reads } = reader
    lists.drawCalls(all, (id) => ({ selected: picked.has(id), open: opened.has(id) }))
    lists.drawHooks(all, reads.deliveries, reads.webhookProblem)
    const app_key = state.current
    void platformList.draw(all, reads, () => app_key === state.current)
  }
  const schedule = () => {
    if (scheduled || !isOpen()) return
    scheduled = true
    requestAnimationFrame(render)
  }
  copy.addEventListener(
    'click',
    () =>
      void copyTest(
        options,
        locale,
        state.current,
        pickedRange(log.calls(state.current), picked),
        parts,
      ),
  )
  clear.addEventListener('click', () => {
    log.clear(state.current)
    picked.clear()
    schedule()
  })
  select.addEventListener('change', () => {
    state.current = select.value
    picked.clear()
    opened.clear()
    lists.reset()
    reader.reset()
    platformList.reset()
    render()
    reader.start()
  })
  followRows(calls, picked, opened)
  return { toggle, drawer, onKey, isOpen, open, shut, schedule }
}

/** The inspector: its state, and its view in the page's language. */
export function createInspector(options: InspectorOptions): Inspector {
  const state: State = {
    locale: options.locale,
    log: createTraceLog(),
    current: initialWidget(options),
    picked: new Set<number>(),
    opened: new Set<number>(),
  }
  let view = createView(options, state)
  let attached = false
  state.log.subscribe((app_key) => app_key === state.current && view.schedule())
  const attach = () => {
    attached = true
    document.body.append(view.toggle, view.drawer)
    document.addEventListener('keydown', view.onKey)
  }
  const detach = () => {
    attached = false
    document.removeEventListener('keydown', view.onKey)
    // Hidden, a read under way schedules no next one.
    view.shut()
    view.toggle.remove()
    view.drawer.remove()
  }
  return {
    record: state.log.record,
    attach,
    destroy: detach,
    setLocale(locale) {
      if (locale === state.locale) return
      state.locale = locale
      const { toggle, drawer, onKey } = view
      const wasOpen = view.isOpen()
      const next = createView(options, state)
      // In place of the old ones, so that the page's order and focus order stay.
      if (attached) {
        document.removeEventListener('keydown', onKey)
        view.shut()
        toggle.replaceWith(next.toggle)
        drawer.replaceWith(next.drawer)
        document.addEventListener('keydown', next.onKey)
      }
      view = next
      if (wasOpen) view.open({ focus: false })
    },
  }
}
