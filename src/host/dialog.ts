import type { Locale } from '../events/index.js'
import { h } from './dom.js'
import { strings } from './i18n.js'
import { DIALOG_CSS } from './styles.js'
import { type HostTheme, themeCss } from './theme.js'
import { watchVisibility } from './visible.js'

/** How a dialog ended. */
export type DialogOutcome<T> =
  | { kind: 'confirm'; value: T }
  | { kind: 'close'; via: 'button' | 'cancel' | 'escape' }
  | { kind: 'error'; error: unknown }
  | { kind: 'aborted' }
  | { kind: 'timeout' }

export type DialogKind =
  | 'consent'
  | 'payment'
  | 'subscribe'
  | 'doctor-service'
  | 'sms-activate'
  | 'sms-charge'
  | 'open-link'
  | 'profile-add'
  | 'profile-remove'

/** Thrown by a dialog's `run` to show `message` inline and keep the dialog open. */
export class StayOpen extends Error {}

/** The widget a dialog is for, as the panel registered it: drawn by the host, never by the widget. */
export interface DialogFrom {
  name: string
  origin: string
}

export interface DialogSpec<T> {
  /** What the dialog is for, set as `data-kind` (consent, payment, subscribe, doctor-service, sms-activate, sms-charge). */
  kind?: DialogKind
  /** The widget that asked, shown in a host-drawn band above the title. */
  from?: DialogFrom
  locale: Locale
  title: string | (Node | string)[]
  content: Node[]
  confirmLabel: string
  /** Runs once on confirm; the dialog stays open and busy until it settles. */
  run: () => Promise<T> | T
  /** Aborting closes the dialog unless `run` is already under way. */
  signal: AbortSignal
  /** Closes an unanswered dialog after this many ms. */
  timeout: number
}

/** Where the host renders its dialogs: one shadow root, outside every widget iframe. */
export interface DialogLayer {
  readonly doc: Document
  readonly root: ShadowRoot
  show<T>(spec: DialogSpec<T>): Promise<DialogOutcome<T>>
  destroy(): void
}

/** Called with each dialog once it is open (the test kit answers dialogs through it). */
export type DialogObserver = (dialog: HTMLDialogElement, kind: DialogKind | undefined) => void

/**
 * How long, in ms, a dialog's confirm button ignores activation after the dialog shows, moves,
 * or the page regains visibility or focus; also the least time between one dialog closing and
 * the next one showing. The host's default; `HostOptions.intentDelay` changes it.
 */
export const INTENT_DELAY = 500

export interface LayerOptions {
  /** See {@link INTENT_DELAY}. Default 0 here (the host passes its own default). */
  intentDelay?: number
  /** The widget frames hidden (`display: none`, `inert`) while a dialog is open. */
  frames?: () => Iterable<HTMLElement>
  /**
   * Called when one of the hidden frames became the page's active element while a dialog was
   * open: only a script in it can have done that. The host ends that widget's page.
   */
  onFrameFocus?: (frame: HTMLElement) => void
}

let ids = 0

/**
 * @param theme The panel's design tokens, already checked by `checkTheme` (never a widget's).
 */
export function createDialogLayer(
  doc: Document,
  observe?: DialogObserver,
  theme: HostTheme = {},
  layerOptions: LayerOptions = {},
): DialogLayer {
  const scheme = theme.colorScheme && theme.colorScheme !== 'auto' ? theme.colorScheme : undefined
  const container = h(doc, 'div', { 'data-platform-dialogs': '', 'data-color-scheme': scheme })
  const root = container.attachShadow({ mode: 'open' })
  const win = doc.defaultView as (Window & typeof globalThis) | null
  const css = [DIALOG_CSS, themeCss(theme)]
  // Constructed stylesheets need no inline <style>, so they work under a strict style-src CSP.
  try {
    root.adoptedStyleSheets = css.map((text) => {
      const sheet = new (win?.CSSStyleSheet ?? CSSStyleSheet)()
      sheet.replaceSync(text)
      return sheet
    })
  } catch {
    root.append(...css.map((text) => h(doc, 'style', {}, text)))
  }
  doc.body.append(container)

  const state: LayerState = {
    delay: Math.max(0, layerOptions.intentDelay ?? 0),
    frames: layerOptions.frames ?? (() => []),
    onFrameFocus: layerOptions.onFrameFocus ?? (() => {}),
    lastClosed: Number.NEGATIVE_INFINITY,
  }
  return {
    doc,
    root,
    show: (spec) => show(doc, root, spec, state, observe),
    destroy: () => container.remove(),
  }
}

interface LayerState {
  delay: number
  frames: () => Iterable<HTMLElement>
  onFrameFocus: (frame: HTMLElement) => void
  /** `performance.now()` when the last dialog closed. */
  lastClosed: number
}

/** Text a widget supplied (a registered name, a product title), bidi-isolated. */
export function isolated(doc: Document, text: string): HTMLElement {
  return h(doc, 'bdi', {}, text)
}

/** A host sentence with a widget-supplied `value` in it, the value bidi-isolated. */
export function sentence(
  doc: Document,
  template: (value: string) => string,
  value: string,
): (Node | string)[] {
  const [before = '', after = ''] = template('\u0000').split('\u0000')
  return [before, isolated(doc, value), after]
}

function show<T>(
  doc: Document,
  root: ShadowRoot,
  spec: DialogSpec<T>,
  state: LayerState,
  observe?: DialogObserver,
): Promise<DialogOutcome<T>> {
  const t = strings(spec.locale)
  const id = `pf-${++ids}`
  const win = doc.defaultView
  const previous = doc.activeElement as HTMLElement | null
  const title = typeof spec.title === 'string' ? [spec.title] : spec.title
  const heading = h(doc, 'h2', { id: `${id}-title`, tabindex: -1 }, ...title)
  // Host-drawn: the registered name and the origin the widget runs on. A widget's own texts
  // (titles, product names) appear below it and can never take its place.
  const from =
    spec.from &&
    h(
      doc,
      'p',
      { class: 'from', 'data-from': '' },
      `${t.requestedBy} `,
      isolated(doc, spec.from.name),
      ' · ',
      h(doc, 'bdi', { dir: 'ltr', class: 'origin' }, hostOf(spec.from.origin)),
    )
  const wait = h(doc, 'p', { class: 'wait', id: `${id}-wait` }, t.notActiveYet)
  const close = h(
    doc,
    'button',
    { type: 'button', class: 'x', 'aria-label': t.close, 'data-action': 'close' },
    '×',
  )
  const cancel = h(
    doc,
    'button',
    { type: 'button', class: 'btn', 'data-action': 'cancel' },
    t.cancel,
  )
  const confirm = h(
    doc,
    'button',
    { type: 'button', class: 'btn primary', 'data-action': 'confirm' },
    spec.confirmLabel,
  )
  const error = h(doc, 'p', { class: 'err', role: 'alert' })
  const dialog = h(
    doc,
    'dialog',
    {
      role: 'dialog',
      'aria-modal': 'true',
      'aria-labelledby': heading.id,
      'aria-describedby': `${id}-body`,
      dir: spec.locale === 'fa' ? 'rtl' : 'ltr',
      lang: spec.locale,
      'data-kind': spec.kind,
    },
    // Plain divs: a <header> or <footer> here would count as a second banner or contentinfo
    // landmark of the panel page (axe: landmark-no-duplicate-banner).
    from,
    h(doc, 'div', { class: 'head' }, heading, close),
    h(doc, 'div', { class: 'body', id: `${id}-body` }, ...spec.content, error),
    h(doc, 'div', { class: 'foot' }, wait, cancel, confirm),
  )

  return new Promise((resolve) => {
    let busy = false
    let abortedWhileBusy = false
    let done = false
    let timedOutWhileBusy = false
    const timer = setTimeout(() => {
      if (busy) timedOutWhileBusy = true
      else finish({ kind: 'timeout' })
    }, spec.timeout)

    // Intent: the confirm button ignores activation until the dialog has been visible and
    // unmoved for `state.delay` ms, counted again whenever the page is hidden, loses focus or
    // the dialog moves. A press that began before then does not count when it ends after.
    // Where the browser can tell (`watchVisibility`), it also stays inactive while the dialog is
    // not drawn visible and unoccluded, and counts again once it is.
    let armed = state.delay === 0
    let visible = true
    let waitingForSight = false
    let stopWatching: (() => void) | undefined
    let armTimer: ReturnType<typeof setTimeout> | undefined
    let showTimer: ReturnType<typeof setTimeout> | undefined
    let pressArmed: boolean | undefined
    const where = () => {
      const r = dialog.getBoundingClientRect()
      return `${r.x},${r.y},${r.width},${r.height}`
    }
    const disarm = () => {
      if (state.delay === 0 || done) return
      armed = false
      waitingForSight = false
      clearTimeout(armTimer)
      confirm.setAttribute('aria-disabled', 'true')
      confirm.setAttribute('aria-describedby', wait.id)
      wait.hidden = false
      if (doc.visibilityState === 'hidden') return
      const at = where()
      armTimer = setTimeout(() => {
        if (where() !== at) return disarm()
        if (!visible) {
          waitingForSight = true
          return
        }
        armed = true
        confirm.removeAttribute('aria-disabled')
        confirm.removeAttribute('aria-describedby')
        wait.hidden = true
      }, state.delay)
    }
    wait.hidden = armed
    const onSight = (seen: boolean) => {
      visible = seen
      // Unseen: inactive, and the delay counts again from when it is seen.
      if (!seen || waitingForSight) disarm()
    }
    const onVisibility = () => disarm()
    const onBlur = () => {
      caught()
      disarm()
      // Focus left the panel's document (a widget frame took it): pull it back into the dialog
      // after the task. Chromium ignores a focus change made while it is still dispatching blur.
      win?.setTimeout(reclaim)
    }
    const onFocus = () => disarm()
    let lastInside: HTMLElement = heading
    /** Where focus goes back to: where it last was in the dialog, unless that is now disabled. */
    const home = (): HTMLElement =>
      (lastInside as HTMLButtonElement).disabled ? heading : lastInside
    const pullFocus = () => {
      if (done || !dialog.isConnected) return
      const active = doc.activeElement
      if (active !== root.host || !root.activeElement || !dialog.contains(root.activeElement)) {
        home().focus()
      }
    }
    // Focus that falls out of the dialog to nothing (the body) goes back at once: from there
    // WebKit hands it to the last widget frame that had it, hidden or not.
    dialog.addEventListener('focusout', (event) => {
      if (event.relatedTarget !== null) return
      queueMicrotask(() => {
        const active = doc.activeElement
        if (!done && dialog.isConnected && (!active || active === doc.body)) {
          home().focus({ preventScroll: true })
        }
      })
    })
    // Chromium: when an out-of-process frame takes focus with window.focus(), the panel may still
    // report its own element as focused, and focus() on that element is then a no-op that does
    // not tell the browser. Focusing another element of the dialog first makes the change real.
    const reclaim = () => {
      caught()
      if (done || !dialog.isConnected) return
      const back = home()
      reclaiming = true
      ;(back === heading ? close : heading).focus({ preventScroll: true })
      reclaiming = false
      back.focus({ preventScroll: true })
    }
    let reclaiming = false
    const onFocusIn = () => {
      caught()
      pullFocus()
    }
    // Hidden frames cannot be focused by the user, so a hidden frame that is the active element
    // took focus by script (WebKit lets a frame the user clicked before do so). Its widget's
    // page ends at once: a removed frame gets no key. One exception, once per dialog and only
    // within the intent delay of its opening: a click already on its way when the dialog opened
    // (a double-click's second press) lands on the frame it was aimed at, hidden or not. A thief
    // grabs again, and is ended then.
    let hidden: HTMLElement[] = []
    let opened = 0
    let forgiven = false
    const caught = () => {
      const active = doc.activeElement as HTMLElement | null
      if (done || !active || !hidden.includes(active)) return
      if (!forgiven && performance.now() - opened < state.delay) {
        forgiven = true
      } else {
        hidden = hidden.filter((frame) => frame !== active)
        state.onFrameFocus(active)
      }
      if (!done) home().focus({ preventScroll: true })
    }
    dialog.addEventListener('focusin', (event) => {
      if (!reclaiming && event.target instanceof (win?.HTMLElement ?? HTMLElement))
        lastInside = event.target
    })
    let restoreFrames = () => {}

    const finish = (outcome: DialogOutcome<T>) => {
      if (done) return
      done = true
      clearTimeout(timer)
      clearTimeout(armTimer)
      clearTimeout(showTimer)
      spec.signal.removeEventListener('abort', onAbort)
      doc.removeEventListener('visibilitychange', onVisibility)
      doc.removeEventListener('focusin', onFocusIn)
      win?.removeEventListener('blur', onBlur)
      win?.removeEventListener('focus', onFocus)
      win?.removeEventListener('resize', onVisibility)
      stopWatching?.()
      restoreFrames()
      if (dialog.isConnected) state.lastClosed = performance.now()
      if (dialog.open) dialog.close()
      dialog.remove()
      if (previous?.isConnected) {
        previous.focus()
        // Firefox (153 ESR) ignores focus() on a widget's iframe in the task that closed the
        // modal dialog: focus stays on <body>. Try once more in the next task.
        if (doc.activeElement !== previous) {
          doc.defaultView?.setTimeout(() => {
            if (previous.isConnected && (!doc.activeElement || doc.activeElement === doc.body))
              previous.focus()
          })
        }
      }
      resolve(outcome)
    }
    const onAbort = () => {
      if (busy) abortedWhileBusy = true
      else finish({ kind: 'aborted' })
    }
    const setBusy = (value: boolean) => {
      // A focused button about to be disabled would drop focus to the body: keep it in the dialog.
      if (value && root.activeElement instanceof (win?.HTMLButtonElement ?? HTMLButtonElement)) {
        heading.focus({ preventScroll: true })
      }
      busy = value
      for (const b of [close, cancel, confirm]) b.disabled = value
      dialog.setAttribute('aria-busy', String(value))
      confirm.textContent = value ? t.processing : spec.confirmLabel
    }
    const dismiss = (via: 'button' | 'cancel' | 'escape') => !busy && finish({ kind: 'close', via })

    close.addEventListener('click', () => dismiss('button'))
    cancel.addEventListener('click', () => dismiss('cancel'))
    // Esc: the native `cancel` event in browsers, a keydown where `cancel` is not fired.
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault()
      dismiss('escape')
    })
    dialog.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        dismiss('escape')
      }
    })
    // Closed some other way (for example by the browser): treat as a close by the user.
    dialog.addEventListener(
      'close',
      () => !done && !busy && finish({ kind: 'close', via: 'escape' }),
    )
    const pressed = () => {
      pressArmed = armed
    }
    confirm.addEventListener('pointerdown', pressed)
    confirm.addEventListener('mousedown', pressed)
    confirm.addEventListener('keydown', pressed)
    confirm.addEventListener('click', async () => {
      const wasArmed = pressArmed
      pressArmed = undefined
      if (!armed || wasArmed === false) return // not yet active: the click is ignored
      if (busy || done) return // a double click charges once
      setBusy(true)
      error.textContent = ''
      try {
        const value = await spec.run()
        finish({ kind: 'confirm', value })
      } catch (e) {
        if (e instanceof StayOpen && abortedWhileBusy) {
          finish({ kind: 'aborted' })
        } else if (e instanceof StayOpen && timedOutWhileBusy) {
          finish({ kind: 'timeout' })
        } else if (e instanceof StayOpen) {
          error.textContent = e.message
          setBusy(false)
        } else {
          finish({ kind: 'error', error: e })
        }
      }
    })

    const open = () => {
      if (done) return
      // No widget frame can take focus or keystrokes while the dialog is open.
      opened = performance.now()
      const hiding = hideFrames(doc, state.frames())
      hidden = hiding.frames
      restoreFrames = hiding.restore
      consumeActivation(doc, root)
      root.append(dialog)
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
      heading.focus()
      doc.addEventListener('visibilitychange', onVisibility)
      doc.addEventListener('focusin', onFocusIn)
      win?.addEventListener('blur', onBlur)
      win?.addEventListener('focus', onFocus)
      win?.addEventListener('resize', onVisibility)
      if (state.delay > 0 && win) {
        stopWatching = watchVisibility(win as Window & typeof globalThis, dialog, onSight)
        // Unseen until the browser says otherwise.
        if (stopWatching) visible = false
      }
      disarm()
      // The delay counts from where the dialog comes to rest: taken while the opening animation
      // moved it, the position would differ at the end of the delay and restart it (armed after
      // about 1 s, not the documented 500 ms).
      const opening = dialog.getAnimations?.() ?? []
      if (opening.length) {
        const rest = () => {
          if (!done && !armed) disarm()
        }
        Promise.all(opening.map((a) => a.finished)).then(rest, rest)
      }
      observe?.(dialog, spec.kind)
    }

    if (spec.signal.aborted) return finish({ kind: 'aborted' })
    spec.signal.addEventListener('abort', onAbort)
    // A new dialog never shows within the intent delay after the previous one closed: a click
    // meant for that one cannot land on this one.
    const gap = state.lastClosed + state.delay - performance.now()
    if (gap > 0) showTimer = setTimeout(open, gap)
    else open()
  })
}

/**
 * Takes every widget frame out of the page's rendering for the time of a dialog: `display: none`,
 * `inert`, and a placeholder of the same size in its place so the panel does not move. `inert`
 * alone is not enough: Chromium and Firefox let a cross-origin frame take focus with
 * `window.focus()` even when it is inert, and then send it the user's keystrokes. A frame that is
 * not rendered cannot hold a focused field (and in Firefox cannot take focus at all). The frame
 * keeps its document and its state. Returns the frames it hid and the undo.
 */
function hideFrames(
  doc: Document,
  frames: Iterable<HTMLElement>,
): { frames: HTMLElement[]; restore: () => void } {
  const undo: (() => void)[] = []
  const hid: HTMLElement[] = []
  for (const frame of frames) {
    if (frame.style.display === 'none' || !frame.isConnected) continue
    const { width, height } = frame.getBoundingClientRect()
    const stand = h(doc, 'div', { 'data-platform-frame-placeholder': '', 'aria-hidden': 'true' })
    Object.assign(stand.style, {
      display: 'block',
      width: frame.style.width || `${width}px`,
      height: `${height}px`,
    })
    const { display } = frame.style
    const inert = frame.inert
    frame.before(stand)
    frame.style.display = 'none'
    frame.inert = true
    hid.push(frame)
    undo.push(() => {
      stand.remove()
      frame.style.display = display
      frame.inert = inert
    })
  }
  return {
    frames: hid,
    restore: () => {
      for (const step of undo.splice(0)) step()
    },
  }
}

/**
 * Ends the page's transient user activation, in every frame of the page at once (HTML's "consume
 * user activation" reaches the whole frame tree). A widget the user has just clicked holds that
 * activation for a few seconds, and with it could still take focus under
 * `focus-without-user-activation 'none'`. The activation a click in a widget gives reaches the
 * panel too (activation spreads to ancestors), so the panel can consume it: `showPicker()` on a
 * plain, unrendered text field consumes activation and shows nothing.
 */
function consumeActivation(doc: Document, root: ShadowRoot): void {
  const nav = doc.defaultView?.navigator as
    | (Navigator & { userActivation?: { isActive: boolean } })
    | undefined
  if (!nav?.userActivation?.isActive) return
  const field = h(doc, 'input', { type: 'text', hidden: '', tabindex: -1 })
  root.append(field)
  try {
    field.showPicker?.()
  } catch {
    // No picker (or no activation after all): nothing to consume.
  }
  field.remove()
}

/** `https://widget.example` → `widget.example`; `http://localhost:3001` → `localhost:3001`. */
function hostOf(origin: string): string {
  try {
    return new URL(origin).host || origin
  } catch {
    return origin
  }
}
