import type { ScopeName } from '../events/index.js'
import type { WidgetName } from './names.js'
import type { WidgetPage } from './pages.js'

/** A product sold with `payment.pay({ product_key })`. */
export interface Product {
  key: string
  /** Shown in the payment dialog: one title, or one per locale, which follows the panel's. */
  title: WidgetName
  /** Rials. */
  price: number
}

/** A subscription plan sold with `payment.subscribe`. */
export interface Plan {
  key: string
  /** Shown in the subscription dialog: one title, or one per locale, which follows the panel's. */
  title: WidgetName
  /** Rials per period. */
  price: number
  period: 'week' | 'month' | 'year'
}

/** One widget the panel can mount. */
export interface WidgetRegistration {
  app_key: string
  /** The widget page; its origin is the only one the host talks to for this widget. */
  url: string
  /**
   * Shown in dialogs ("Requested by") and as the iframe's title, as text: one name, or one per
   * locale, which follows the panel's (`host.setLocale`).
   *
   * @example
   * name: { fa: 'نوبت‌دهی', en: 'Booking' }
   */
  name: WidgetName
  /**
   * Scopes enabled in the console: well-formed names, listed in `SCOPES` or not (the platform
   * decides which exist). Requests for any other scope fail with `INVALID_SCOPE`.
   */
  scopes: ScopeName[]
  products?: Product[]
  plans?: Plan[]
  /**
   * The widget's pages by key, as the original platform registers them: the panel route
   * `/_/{app_key}/{key}/{params…}` and `mount(slot, app_key, { page })` show one. Each
   * `embed_src` must be on `url`'s origin (checked by `createHost`). Without pages, the route's
   * path is a page below `url` (`/_/{app_key}/settings/` shows `{url}settings/`).
   *
   * @example
   * pages: [{ key: 'launcher', embed_src: 'https://w.example/app/?view=launcher' }]
   */
  pages?: WidgetPage[]
  /**
   * The widget's top-level pages: the paths on `url`'s origin whose pages call the SDK outside
   * the panel (a start page, the page an outside sign-in such as Google's returns to). A
   * sign-in's answer goes back only to one of them, compared exactly (as OAuth's registered
   * redirect URIs): no other page of the widget's site, however it redirects, ever receives one.
   * Each is an absolute path, no query, no fragment, written as the browser reads it (checked by
   * `createHost` and `runSignIn`: `widgets[1].topLevelPages[0]: …`). Without it no sign-in goes
   * back to the widget.
   *
   * @example
   * topLevelPages: ['/app/', '/app/start.html']
   */
  topLevelPages?: string[]
}
