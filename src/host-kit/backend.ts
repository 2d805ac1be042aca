import type { Payload, ScopeName } from '../events/index.js'

/** A receipt the platform issued, which a widget may ask the user to pay. */
export interface Receipt {
  title: string
  /** Rials. */
  amount: number
}

/**
 * What the host passes with every backend call, as its last argument. An adapter written
 * without the parameter still works: the host then only stops waiting.
 */
export interface BackendCall {
  /**
   * Aborted when the call is no longer wanted: its widget unmounted or reloaded, the host
   * destroyed (`reason`: an `AbortError`), or the call's deadline passed (`reason`: a
   * `PlatformError` with `TIMEOUT`). Pass it to `fetch`. A charge that completes anyway still
   * reaches `host.on`, with `late: true` (docs/panel.md, "A charge the widget no longer waits
   * for").
   *
   * @example
   * async getConsent(app_key, { signal } = {}) { return (await fetch(url(app_key), { signal })).json() }
   */
  signal: AbortSignal
}

/** What the host passes with every charge (`pay`, `subscribe`, `payForDoctorService`, `smsCharge`). */
export interface ChargeCall extends BackendCall {
  /**
   * A random key, new for each charge the doctor confirmed and the same however often the
   * adapter sends it: send it with the charge (an `Idempotency-Key` header), so that the
   * platform charges once for a request it receives twice, and answers a repeat with the
   * first result.
   */
  idempotencyKey: string
}

/**
 * What the host needs from the platform backend. The demo talks to the local emulator over
 * HTTP; tests use `createMemoryBackend` from `platform-widget-sdk/testing`. Any method may throw: the host turns a throw
 * into the documented error event or `BACKEND_ERROR`, with the error's message. Each method gets
 * a last argument, `BackendCall` (a `ChargeCall` for the charges), with the call's `signal`.
 */
export interface BackendAdapter {
  /** Issues a short-lived session token bound to the current user, `app_key` and `scopes`. */
  issueSessionToken(
    request: { app_key: string; scopes: ScopeName[] },
    call?: BackendCall,
  ): Promise<string>
  /**
   * After a top-level sign-in (`runSignIn`) gave a token: issues the tab's renewal grant, an
   * opaque secret bound to the current user, `app_key`, the widget's registered `origin` and
   * `scopes`, which the widget's page sends to the platform's renewal endpoint
   * (`/signin/renew`) for its next session tokens without leaving the page. The platform keeps
   * it rotating (each use answers a new one, a reused one revokes them all), bounded in time by
   * the user's sign-in, and revocable. Optional: without it, each of the page's
   * `getSessionToken` calls goes through the sign-in page, at most one trip every 30 s.
   */
  issueRenewalGrant?(
    request: {
      app_key: string
      origin: string
      scopes: ScopeName[]
    },
    call?: BackendCall,
  ): Promise<string>
  /**
   * After a top-level sign-in (`runSignIn`) gave a token (and a grant): keeps them under a
   * one-time code, which is all the sign-in page's answer carries in the address bar. The
   * platform answers the code once, within 60 s, at its endpoint `/signin/redeem`, to a request
   * from `origin` (the widget's registered origin) with the verifier whose SHA-256 (base64url) is
   * `challenge`, which the page that started the sign-in kept. A code anyone else reads (a
   * redirect of the widget's that forwards the fragment) is worth nothing without the verifier.
   * Without this method `runSignIn` refuses every request.
   */
  issueSignInCode?(
    request: {
      app_key: string
      origin: string
      challenge: string
      session_token: string
      grant?: string
    },
    call?: BackendCall,
  ): Promise<string>
  /** Scopes this user already approved for `app_key`. */
  getConsent(app_key: string, call?: BackendCall): Promise<ScopeName[]>
  /** Records that the user approved `scopes` (the full set now approved) for `app_key`. */
  recordConsent(app_key: string, scopes: ScopeName[], call?: BackendCall): Promise<void>
  /** Looks up a receipt; `undefined` when there is none for this widget. */
  lookupReceipt(
    app_key: string,
    receipt_id: string,
    call?: BackendCall,
  ): Promise<Receipt | undefined>
  /**
   * Charges a product or a receipt; resolves with the receipt id to verify. `payload` is the
   * widget's own data of the call, as validated: the platform stores it with the receipt and
   * returns it from monetization verify and in the payment webhooks, so the widget's backend
   * learns what was paid for from the platform, not from the browser.
   */
  pay(
    request: {
      app_key: string
      product_key?: string
      receipt_id?: string
      amount: number
      payload?: Payload
    },
    call?: ChargeCall,
  ): Promise<{ receipt_id: string }>
  subscribe(
    request: {
      app_key: string
      plan_key: string
      amount: number
      payload?: Payload
    },
    call?: ChargeCall,
  ): Promise<{ receipt_id: string }>
  payForDoctorService(
    request: {
      app_key: string
      amount: number
      vat: number
      payable: number
      payload?: Payload
    },
    call?: ChargeCall,
  ): Promise<{ receipt_id: string }>
  /** Whether the provider's SMS is active. */
  smsStatus(call?: BackendCall): Promise<{ active: boolean }>
  smsActivate(app_key: string, call?: BackendCall): Promise<void>
  smsCharge(
    request: {
      app_key: string
      count: number
      price: number
    },
    call?: ChargeCall,
  ): Promise<{ receipt_id: string }>
  /**
   * Puts `app_key` on the signed-in doctor's public profile (the widget channel of spec 4.5).
   * Optional: without it `widget.addToProfile()` rejects with `UNSUPPORTED`.
   */
  addToProfile?(app_key: string, call?: BackendCall): Promise<void>
  /** Takes `app_key` off the signed-in doctor's profile; resolves when it was not on it. Optional. */
  removeFromProfile?(app_key: string, call?: BackendCall): Promise<void>
  /** Purges the signed-in doctor's profile from the platform's cache (spec 4.2). Optional. */
  purgeProfileCache?(call?: BackendCall): Promise<void>
}
