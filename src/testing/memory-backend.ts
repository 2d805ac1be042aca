import type { Payload, ScopeName } from '../events/index.js'
import type { BackendAdapter, Receipt } from '../host/backend.js'

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
  /** The renewal grants issued after a top-level sign-in, in order. */
  readonly grants: { grant: string; app_key: string; origin: string; scopes: ScopeName[] }[]
  readonly receipts: Map<string, Receipt & { app_key: string }>
  /** The widgets on the doctor's profile (their channels), by `app_key`. */
  readonly profileWidgets: Set<string>
  /** How many times the profile's cache was purged. */
  profilePurges: number
}

/**
 * An in-memory platform backend for tests, and for a host running without a server (the e2e
 * panels and the bench). A test seam: published from `platform-widget-sdk/testing`, not `/host`.
 *
 * @example
 * const backend = createMemoryBackend({ smsActive: true })
 * backend.behavior.pay = 'decline'
 */
export function createMemoryBackend(
  init: { smsActive?: boolean; receipts?: Record<string, Receipt & { app_key: string }> } = {},
): MemoryBackend {
  // Long: every BackendAdapter method over one in-memory state.
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
    grants: [],
    receipts: new Map(Object.entries(init.receipts ?? {})),
    profileWidgets: new Set(),
    profilePurges: 0,
    async issueSessionToken({ app_key, scopes }) {
      fail(backend.behavior.token)
      const token = `st_${crypto.randomUUID()}`
      backend.tokens.push({ token, app_key, scopes })
      return token
    },
    async issueRenewalGrant({ app_key, origin, scopes }) {
      fail(backend.behavior.token)
      const grant = `prg_${crypto.randomUUID()}`
      backend.grants.push({ grant, app_key, origin, scopes })
      return grant
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
