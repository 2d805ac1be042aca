// The dialogs' types, apart from the layer that shows them: the confirm flow and the layer both
// use them, and neither imports the other's module for them (no import loop).
import type { Locale } from '../../events/index.js'
import type { DialogKind } from '../../events/method-names.js'
import type { Strings } from './i18n.js'
import type { HostTheme } from './theme.js'

/** How a dialog ended. */
export type DialogOutcome<T> =
  | { kind: 'confirm'; value: T }
  | { kind: 'close'; via: 'button' | 'cancel' | 'escape' }
  | { kind: 'error'; error: unknown }
  | { kind: 'aborted' }
  | { kind: 'timeout' }

// Written out from the operation table's rows by its generator, beside the trace's method names.
export type { DialogKind }

/** The widget a dialog is for, as the panel registered it: drawn by the host, never by the widget. */
export interface DialogFrom {
  /** The registered name in `locale` (a name given per locale is looked up again when it changes). */
  name: string | ((locale: Locale) => string)
  origin: string
}

/** The words of a dialog, in one locale: what `DialogSpec.render` draws again. */
export interface DialogWords {
  title: string | (Node | string)[]
  content: Node[]
  confirmLabel: string
}

export interface DialogSpec<T> {
  /** What the dialog is for, set as `data-kind`: one of the operation table's rows' `dialogs`. */
  kind?: DialogKind
  /** The widget that asked, shown in a host-drawn band above the title. */
  from?: DialogFrom
  locale: Locale
  title: string | (Node | string)[]
  content: Node[]
  confirmLabel: string
  /**
   * Draws `title`, `content` and `confirmLabel` again in another locale, when the panel's locale
   * changes while the dialog is open (or waits to open): new nodes of the same shape, whose words
   * are copied onto the ones shown (`relocalize.ts`). Without it, only the host's own words of
   * the dialog (the band, the buttons) change.
   */
  render?: (t: Strings, locale: Locale) => DialogWords
  /** Called after the words changed to another locale: redraw text the dialog set since it opened. */
  relocalized?: () => void
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
  /**
   * A widget frame mounted now: while a dialog is open it is hidden with the others (as
   * `hideFrames` hides them) until that dialog closes; else nothing.
   */
  hold(frame: HTMLElement): void
  /** Redraws open dialogs, and draws later ones, in `locale`: words and direction. */
  setLocale(locale: Locale): void
  /** Applies a checked theme (`checkTheme`) to open and later dialogs. */
  setTheme(theme: HostTheme): void
  destroy(): void
}

/** Called with each dialog once it is open (the test kit answers dialogs through it). */
export type DialogObserver = (dialog: HTMLDialogElement, kind: DialogKind | undefined) => void
