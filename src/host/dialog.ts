import type { Locale } from '../events/index.js'
import { h } from './dom.js'
import { strings } from './i18n.js'
import { DIALOG_CSS } from './styles.js'
import { type HostTheme, themeCss } from './theme.js'

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

/** Thrown by a dialog's `run` to show `message` inline and keep the dialog open. */
export class StayOpen extends Error {}

export interface DialogSpec<T> {
  /** What the dialog is for, set as `data-kind` (consent, payment, subscribe, doctor-service, sms-activate, sms-charge). */
  kind?: DialogKind
  locale: Locale
  title: string
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

let ids = 0

/**
 * @param theme The panel's design tokens, already checked by `checkTheme` (never a widget's).
 */
export function createDialogLayer(
  doc: Document,
  observe?: DialogObserver,
  theme: HostTheme = {},
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

  return {
    doc,
    root,
    show: (spec) => show(doc, root, spec, observe),
    destroy: () => container.remove(),
  }
}

function show<T>(
  doc: Document,
  root: ShadowRoot,
  spec: DialogSpec<T>,
  observe?: DialogObserver,
): Promise<DialogOutcome<T>> {
  const t = strings(spec.locale)
  const id = `pf-${++ids}`
  const previous = doc.activeElement as HTMLElement | null
  const heading = h(doc, 'h2', { id: `${id}-title`, tabindex: -1 }, spec.title)
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
    h(doc, 'div', { class: 'head' }, heading, close),
    h(doc, 'div', { class: 'body', id: `${id}-body` }, ...spec.content, error),
    h(doc, 'div', { class: 'foot' }, cancel, confirm),
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

    const finish = (outcome: DialogOutcome<T>) => {
      if (done) return
      done = true
      clearTimeout(timer)
      spec.signal.removeEventListener('abort', onAbort)
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
    confirm.addEventListener('click', async () => {
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

    if (spec.signal.aborted) return finish({ kind: 'aborted' })
    spec.signal.addEventListener('abort', onAbort)
    root.append(dialog)
    if (typeof dialog.showModal === 'function') dialog.showModal()
    else dialog.setAttribute('open', '')
    heading.focus()
    observe?.(dialog, spec.kind)
  })
}
