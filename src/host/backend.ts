import type { Payload, ScopeName } from '../events/index.js'

/** A receipt the platform issued, which a widget may ask the user to pay. */
export interface Receipt {
  title: string
  /** Rials. */
  amount: number
}

/**
 * What the host needs from the platform backend. The demo talks to the local emulator over
 * HTTP; tests use {@link createMemoryBackend}. Any method may throw: the host turns a throw
 * into the documented error event or `BACKEND_ERROR`, with the error's message.
 */
export interface BackendAdapter {
  /** Issues a short-lived session token bound to the current user, `app_key` and `scopes`. */
  issueSessionToken(request: { app_key: string; scopes: ScopeName[] }): Promise<string>
  /** Scopes this user already approved for `app_key`. */
  getConsent(app_key: string): Promise<ScopeName[]>
  /** Records that the user approved `scopes` (the full set now approved) for `app_key`. */
  recordConsent(app_key: string, scopes: ScopeName[]): Promise<void>
  /** Looks up a receipt; `undefined` when there is none for this widget. */
  lookupReceipt(app_key: string, receipt_id: string): Promise<Receipt | undefined>
  /**
   * Charges a product or a receipt; resolves with the receipt id to verify. `payload` is the
   * widget's own data of the call, as validated: the platform stores it with the receipt and
   * returns it from monetization verify and in the payment webhooks, so the widget's backend
   * learns what was paid for from the platform, not from the browser.
   */
  pay(request: {
    app_key: string
    product_key?: string
    receipt_id?: string
    amount: number
    payload?: Payload
  }): Promise<{ receipt_id: string }>
  subscribe(request: {
    app_key: string
    plan_key: string
    amount: number
    payload?: Payload
  }): Promise<{ receipt_id: string }>
  payForDoctorService(request: {
    app_key: string
    amount: number
    vat: number
    payable: number
    payload?: Payload
  }): Promise<{ receipt_id: string }>
  /** Whether the provider's SMS is active. */
  smsStatus(): Promise<{ active: boolean }>
  smsActivate(app_key: string): Promise<void>
  smsCharge(request: {
    app_key: string
    count: number
    price: number
  }): Promise<{ receipt_id: string }>
  /**
   * Puts `app_key` on the signed-in doctor's public profile (the widget channel of spec 4.5).
   * Optional: without it `widget.addToProfile()` rejects with `UNSUPPORTED`.
   */
  addToProfile?(app_key: string): Promise<void>
  /** Takes `app_key` off the signed-in doctor's profile; resolves when it was not on it. Optional. */
  removeFromProfile?(app_key: string): Promise<void>
  /** Purges the signed-in doctor's profile from the platform's cache (spec 4.2). Optional. */
  purgeProfileCache?(): Promise<void>
}

const withPayload = (payload: Payload | undefined) => (payload === undefined ? {} : { payload })

/** Outcomes a test can script on the in-memory backend. */
export interface MemoryBackendBehavior {
  /** `decline` throws "Payment declined", `error` throws "Backend unavailable". */
  pay: 'ok' | 'decline' | 'error'
  subscribe: 'ok' | 'error'
  doctorService: 'ok' | 'decline' | 'error'
  smsActivate: 'ok' | 'error'
  smsCharge: 'ok' | 'error'
  token: 'ok' | 'error'
  /** `addToProfile`, `removeFromProfile` and `purgeProfileCache`. */
  profile: 'ok' | 'error'
}

export interface MemoryBackend extends BackendAdapter {
  behavior: MemoryBackendBehavior
  smsActive: boolean
  /** Every charge made, in order. */
  readonly charges: {
    kind: string
    app_key: string
    amount: number
    receipt_id: string
    payload?: Payload
  }[]
  readonly tokens: { token: string; app_key: string; scopes: ScopeName[] }[]
  readonly receipts: Map<string, Receipt & { app_key: string }>
  /** The widgets on the doctor's profile (their channels), by `app_key`. */
  readonly profileWidgets: Set<string>
  /** How many times the profile's cache was purged. */
  profilePurges: number
}

/**
 * An in-memory platform backend for tests and for the host running without a server.
 *
 * @example
 * const backend = createMemoryBackend({ smsActive: true })
 * backend.behavior.pay = 'decline'
 */
export function createMemoryBackend(
  init: { smsActive?: boolean; receipts?: Record<string, Receipt & { app_key: string }> } = {},
): MemoryBackend {
  const consent = new Map<string, Set<ScopeName>>()
  let counter = 0
  const id = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(++counter).toString(36)}`
  const fail = (mode: string) => {
    if (mode === 'decline') throw new Error('Payment declined')
    if (mode === 'error') throw new Error('Backend unavailable')
  }
  const backend: MemoryBackend = {
    behavior: {
      pay: 'ok',
      subscribe: 'ok',
      doctorService: 'ok',
      smsActivate: 'ok',
      smsCharge: 'ok',
      token: 'ok',
      profile: 'ok',
    },
    smsActive: init.smsActive ?? false,
    charges: [],
    tokens: [],
    receipts: new Map(Object.entries(init.receipts ?? {})),
    profileWidgets: new Set(),
    profilePurges: 0,
    async issueSessionToken({ app_key, scopes }) {
      fail(backend.behavior.token)
      const token = `st_${crypto.randomUUID()}`
      backend.tokens.push({ token, app_key, scopes })
      return token
    },
    async getConsent(app_key) {
      return [...(consent.get(app_key) ?? [])]
    },
    async recordConsent(app_key, scopes) {
      consent.set(app_key, new Set(scopes))
    },
    async lookupReceipt(app_key, receipt_id) {
      const receipt = backend.receipts.get(receipt_id)
      return receipt && receipt.app_key === app_key ? receipt : undefined
    },
    async pay({ app_key, amount, payload }) {
      fail(backend.behavior.pay)
      const receipt_id = id('rcpt')
      backend.charges.push({ kind: 'pay', app_key, amount, receipt_id, ...withPayload(payload) })
      return { receipt_id }
    },
    async subscribe({ app_key, amount, payload }) {
      fail(backend.behavior.subscribe)
      const receipt_id = id('sub')
      backend.charges.push({
        kind: 'subscribe',
        app_key,
        amount,
        receipt_id,
        ...withPayload(payload),
      })
      return { receipt_id }
    },
    async payForDoctorService({ app_key, payable, payload }) {
      fail(backend.behavior.doctorService)
      const receipt_id = id('dsrv')
      backend.charges.push({
        kind: 'doctor-service',
        app_key,
        amount: payable,
        receipt_id,
        ...withPayload(payload),
      })
      return { receipt_id }
    },
    async smsStatus() {
      return { active: backend.smsActive }
    },
    async smsActivate() {
      fail(backend.behavior.smsActivate)
      backend.smsActive = true
    },
    async smsCharge({ app_key, price }) {
      fail(backend.behavior.smsCharge)
      const receipt_id = id('sms')
      backend.charges.push({ kind: 'sms', app_key, amount: price, receipt_id })
      return { receipt_id }
    },
    async addToProfile(app_key) {
      fail(backend.behavior.profile)
      backend.profileWidgets.add(app_key)
    },
    async removeFromProfile(app_key) {
      fail(backend.behavior.profile)
      backend.profileWidgets.delete(app_key)
    },
    async purgeProfileCache() {
      fail(backend.behavior.profile)
      backend.profilePurges++
    },
  }
  return backend
}
