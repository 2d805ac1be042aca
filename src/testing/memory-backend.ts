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
  const consent = new Map<string, Set<ScopeName>>()
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
    async smsStatus() {
      return { active: backend.smsActive }
    },
    async smsActivate() {
      fail(backend.behavior.smsActivate)
      backend.smsActive = true
    },
    ...charging(() => backend),
    ...profile(() => backend),
  }
  return backend
}

/** Throws as the scripted behaviour says: `decline` and `error` fail the call. */
function fail(mode: string) {
  if (mode === 'decline') throw new Error('Payment declined')
  if (mode === 'error') throw new Error('Backend unavailable')
}

/** The calls that charge the doctor: each records a charge with a receipt id of its kind. */
function charging(
  of: () => MemoryBackend,
): Pick<MemoryBackend, 'pay' | 'subscribe' | 'payForDoctorService' | 'smsCharge'> {
  let counter = 0
  const charge = (
    kind: string,
    prefix: string,
    mode: string,
    fields: { app_key: string; amount: number; payload?: Payload | undefined },
  ) => {
    fail(mode)
    const receipt_id = `${prefix}_${Date.now().toString(36)}${(++counter).toString(36)}`
    const { app_key, amount, payload } = fields
    of().charges.push({ kind, app_key, amount, receipt_id, ...withPayload(payload) })
    return { receipt_id }
  }
  return {
    async pay({ app_key, amount, payload }) {
      return charge('pay', 'rcpt', of().behavior.pay, { app_key, amount, payload })
    },
    async subscribe({ app_key, amount, payload }) {
      return charge('subscribe', 'sub', of().behavior.subscribe, { app_key, amount, payload })
    },
    async payForDoctorService({ app_key, payable, payload }) {
      const mode = of().behavior.doctorService
      return charge('doctor-service', 'dsrv', mode, { app_key, amount: payable, payload })
    },
    async smsCharge({ app_key, price }) {
      return charge('sms', 'sms', of().behavior.smsCharge, { app_key, amount: price })
    },
  }
}

/** The doctor's profile: the widgets on it, and its cache's purges. */
function profile(
  of: () => MemoryBackend,
): Pick<MemoryBackend, 'addToProfile' | 'removeFromProfile' | 'purgeProfileCache'> {
  return {
    async addToProfile(app_key) {
      fail(of().behavior.profile)
      of().profileWidgets.add(app_key)
    },
    async removeFromProfile(app_key) {
      fail(of().behavior.profile)
      of().profileWidgets.delete(app_key)
    },
    async purgeProfileCache() {
      fail(of().behavior.profile)
      of().profilePurges++
    },
  }
}
