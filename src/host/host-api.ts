// What `createHost` gives the panel: the host and each widget it mounted.
import type { Messenger } from 'penpal'
import type { Locale, PlatformEventName } from '../events/index.js'
import type { HostTheme } from '../host-kit/dialog/theme.js'
import type { MountOptions } from '../host-kit/pages.js'
import type { SessionDeps, WidgetSession } from './session.js'
import type { HostEvents } from './types.js'

/** A widget iframe the host mounted. */
export interface MountedWidget {
  readonly app_key: string
  readonly iframe: HTMLIFrameElement
  /**
   * Resolves once the widget's page initialized; rejects with `WIDGET_UNAVAILABLE` and a `reason`
   * (docs/panel.md, "Is the widget up"), or `CONNECTION_CLOSED` if unmounted first.
   * @example
   * // isPlatformError from 'platform-widget-sdk/events'
   * try { await w.ready } catch (e) { if (isPlatformError(e, 'WIDGET_UNAVAILABLE')) show(e.reason) }
   */
  readonly ready: Promise<void>
  /** Closes the widget's dialogs, rejects its pending calls and removes the iframe. */
  unmount(): void
}

export interface Host {
  /**
   * Creates the widget's iframe inside `element` and binds a bridge to that iframe alone: only
   * messages whose `source` is its window and whose origin is the widget URL's origin count.
   * With `page`, the frame shows that registered page of the widget (its `params` filling the
   * page's placeholders, `query` merged into its query); with `path`, the `{rest}` of the panel's
   * `/_/{app_key}/{rest}` route, matched against the widget's pages, or below its registered URL
   * for a widget without pages. An unknown page, or a path that would leave the widget's URL,
   * throws `INVALID_ARGUMENT` and mounts nothing. With `fill`, the frame fills `element`'s height
   * (a widget shown as a page) instead of following the widget's content height.
   *
   * @example
   * host.mount(document.querySelector('#widget')!, 'my-widget')
   * host.mount(area, 'my-widget', { page: 'launcher', query: '?direct=true', fill: true })
   * host.mount(area, 'my-widget', { path: 'launcher/?direct=true' })
   */
  mount(element: Element, app_key: string, options?: MountOptions): MountedWidget
  /**
   * Binds a widget over a messenger you provide (a `PortMessenger` in tests). `mount` uses this
   * with a window messenger; the test kit uses it with a `MessageChannel`. Not part of the
   * published types: it exposes the transport, which is penpal's and may change.
   * @internal
   */
  connect(
    app_key: string,
    messenger: (greeting: () => unknown) => Messenger,
    hooks?: Pick<SessionDeps, 'onResize' | 'onSyn' | 'onInitialize' | 'onMismatch' | 'frame'>,
  ): WidgetSession
  /**
   * Observes every result the host produces, with the `app_key` it came from.
   *
   * @example
   * host.on('PLATFORM_PAYMENT_SUCCESS', (result, { app_key }) => audit(app_key, result.receipt_id))
   */
  on<E extends PlatformEventName>(event: E, callback: HostEvents[E]): () => void
  /**
   * The panel's language: the dialogs', the iframes' titles', and the one widgets are told.
   * Setting it is `setLocale`.
   */
  locale: Locale
  /**
   * Switches the panel's language at once: open dialogs are drawn again in it (words and
   * direction; what the user chose or typed stays), later ones open in it, the iframes' titles
   * follow, and every widget gets `PLATFORM_LOOK_CHANGED`. No widget reloads. A locale the host
   * has no words for throws `INVALID_ARGUMENT`.
   *
   * @example
   * languageMenu.onchange = () => host.setLocale(languageMenu.value as Locale)
   */
  setLocale(locale: Locale): void
  /**
   * Replaces the dialogs' theme (as `createHost({ theme })` gives it) at once, open dialogs
   * included; widgets get `PLATFORM_LOOK_CHANGED` when the colour scheme they see changes. A bad
   * token throws `INVALID_ARGUMENT` naming it, and the theme stays as it was.
   *
   * @example
   * darkToggle.onchange = () => host.setTheme({ ...theme, colorScheme: darkToggle.checked ? 'dark' : 'light' })
   */
  setTheme(theme: HostTheme): void
  /**
   * Removes every iframe, dialog and listener the host added; pending calls reject. A charge
   * the backend completes after it still reaches `host.on`, marked `late`.
   */
  destroy(): void
}
