// The `window.platform` API, apart from the factories that make it (the panel's, the
// top-level page's, the lazy stub): each imports this, none imports another for it. Written out,
// for its readers; call-types.test-d.ts holds each call's signature to its row of the operation
// table and its call form (`SdkCall`), so a row and this interface cannot disagree.
import type {
  DoctorServiceRequest,
  DoctorServiceResult,
  FlowKey,
  InitializeInfo,
  isPlatformError,
  OpenLinkRequest,
  OpenLinkResult,
  Payload,
  PayRequest,
  PayResult,
  PlatformEventName,
  PlatformEvents,
  ProfileResult,
  RedirectRequest,
  SessionTokenRequest,
  SmsActivateResult,
  SmsChargeResult,
  SubscribeRequest,
  SubscribeResult,
  TopLevelInfo,
} from '../events/index.js'
import type { InitializeOptions } from './compat.js'

/** The `window.platform` API. */
export interface Platform {
  /** The SDK version. */
  readonly version: string
  /**
   * Connects to the panel. Call it once, before anything else. A second call with the same
   * `app_key` makes no new connection: it waits for the one under way and resolves with its
   * answer (in a promise of its own, not the first call's); with another `app_key` it rejects with
   * `ALREADY_INITIALIZED`. After a failure, calling it again retries. The original SDK's
   * `{ clientKey }` and bare key string are accepted too.
   *
   * @example
   * const { context, locale } = await platform.initialize({ app_key: 'my-widget' })
   */
  initialize(options: InitializeOptions): Promise<InitializeInfo | TopLevelInfo>
  /**
   * Asks the user (once) to consent to `scope`, then resolves with a short-lived session token
   * for your backend to exchange. Rejects with `USER_CLOSED_POPUP` when the user closes the
   * consent window. `scope` may be one space-separated string; `timeout` (ms) shortens the wait.
   *
   * @example
   * const token = await platform.getSessionToken({ scope: ['provider.profile.read'] })
   */
  getSessionToken(options: SessionTokenRequest): Promise<string>
  redirect: {
    /**
     * Opens a panel page. `path` is a panel path such as `/settings`; the host adds the domain.
     * Resolves with no effect outside the doctor panel.
     *
     * @example
     * await platform.redirect.dispatch({ path: '/appointments', newContext: true })
     */
    dispatch(options: RedirectRequest): Promise<void>
  }
  flow: {
    /**
     * Moves the patient to the next step of the booking flow. Resolves with no effect outside it.
     *
     * @example
     * await platform.flow.dispatch('BOOKING.RECEIPT')
     */
    dispatch(flowKey: FlowKey, options?: Record<string, unknown>): Promise<void>
  }
  payment: {
    /**
     * Sells a product defined in the console, or pays a receipt. Your server must then verify
     * `receipt_id` with monetization verify.
     *
     * @example
     * const r = await platform.payment.pay({ product_key: 'pro', payload: { order: 7 } })
     * if (r.event === 'PLATFORM_PAYMENT_SUCCESS') await fetch('/verify', { method: 'POST', body: r.receipt_id })
     */
    pay(request: PayRequest, payload?: Payload): Promise<PayResult>
    /**
     * Subscribes to a plan; without `plan_key` the user picks one.
     *
     * @example
     * const r = await platform.payment.subscribe({ plan_key: 'monthly' })
     */
    subscribe(request?: SubscribeRequest): Promise<SubscribeResult>
    /**
     * Takes a doctor-service payment of `amount` Rials plus VAT (doctor profile only).
     *
     * @example
     * const r = await platform.payment.payForDoctorService({ amount: 500000 })
     */
    payForDoctorService(request: DoctorServiceRequest): Promise<DoctorServiceResult>
  }
  sms: {
    /**
     * Lets the widget send SMS in the doctor's name. Resolves at once when SMS is already active.
     *
     * @example
     * const r = await platform.sms.activate()
     */
    activate(): Promise<SmsActivateResult>
    /**
     * Opens the SMS top-up dialog. Rejects with `USER_CLOSED_POPUP` when the user closes it.
     *
     * @example
     * const { count } = await platform.sms.charge()
     */
    charge(): Promise<SmsChargeResult>
  }
  /**
   * Opens an outside page (`https:`; `http:` only on localhost) in a new tab, with no opener and
   * no referrer: the way out of the widget's frame, for a sign-in page that refuses frames. Call
   * it in a click handler to open at once; otherwise the panel asks the user first, naming the
   * site. Rejects with `INVALID_ARGUMENT` for any other URL, `USER_CLOSED_POPUP` when the user
   * declines and `POPUP_BLOCKED` when the browser blocks the tab. In a top-level page (not in
   * the panel) it checks the URL the same way and navigates the page there.
   *
   * @example
   * button.onclick = () => platform.openLink({ url: 'https://accounts.google.com/o/oauth2/auth?…' })
   */
  openLink(options: OpenLinkRequest): Promise<OpenLinkResult>
  /** The widget on the doctor's public profile (doctor panel and doctor profile only, else `WRONG_CONTEXT`). */
  widget: {
    /**
     * Asks the doctor, then puts the widget on their public profile. Resolves `{ active: true }`;
     * rejects with `USER_CLOSED_POPUP` when the doctor declines.
     *
     * @example
     * const { active } = await platform.widget.addToProfile()
     */
    addToProfile(): Promise<ProfileResult>
    /**
     * Asks the doctor, then takes the widget off their public profile. Resolves `{ active: false }`.
     *
     * @example
     * await platform.widget.removeFromProfile()
     */
    removeFromProfile(): Promise<ProfileResult>
    /**
     * Purges the doctor's profile from the platform's cache, so a change shows at once. Resolves
     * `{ refreshed: true }`; no dialog.
     *
     * @example
     * await platform.widget.refreshProfile()
     */
    refreshProfile(): Promise<ProfileResult>
    /**
     * The original SDK's misspelling of {@link refreshProfile}, kept for compatibility.
     * @deprecated Use `refreshProfile`.
     * @example
     * await platform.widget.refreshPorifle()
     */
    refreshPorifle(): Promise<ProfileResult>
  }
  /**
   * Calls `callback` with every result of `event` this widget receives. Returns an unbind function.
   *
   * @example
   * const off = platform.on('PLATFORM_PAYMENT_SUCCESS', (r) => unlock(r.receipt_id))
   */
  on<E extends PlatformEventName>(event: E, callback: PlatformEvents[E]): () => void
  /** Closes the bridge: pending calls reject with `CONNECTION_CLOSED`; listeners are removed. */
  destroy(): void
  /**
   * Whether `error` is a `PlatformError`, and of `code` when one is given: the script tag's way
   * to test an error's code without a cast (the same function `platform-widget-sdk` exports).
   *
   * @example
   * try {
   *   await platform.sms.charge()
   * } catch (error) {
   *   if (platform.isPlatformError(error, 'USER_CLOSED_POPUP')) return
   *   throw error
   * }
   */
  isPlatformError: typeof isPlatformError
}
