import type { Payload, ScopeName } from '../events/index.js'
import type { BackendAdapter, ChargeCall, Receipt } from '../host-kit/backend.js'

const withPayload = (payload: Payload | undefined) => (payload === undefined ? {} : { payload })

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))
/** Random bytes for this many ids at a time: one `getRandomValues` instead of one per id. */
const POOL_IDS = 64
const pool = new Uint8Array(16 * POOL_IDS)
let poolAt = pool.length

/**
 * A random UUID v4 (122 random bits), as `crypto.randomUUID()` makes, from a pool of random
 * bytes: a panel's bench issues thousands of tokens, and each `randomUUID` asked the browser for
 * its own 16 bytes (a few µs a token in Chromium).
 */
function randomId(): string {
  if (poolAt === pool.length) {
    crypto.getRandomValues(pool)
    poolAt = 0
  }
  const i = poolAt
  poolAt += 16
  // The version (4) and the variant (10xx) bits, as RFC 9562 sets them.
  pool[i + 6] = ((pool[i + 6] as number) & 0x0f) | 0x40
  pool[i + 8] = ((pool[i + 8] as number) & 0x3f) | 0x80
  return `${hx(i)}${hx(i + 1)}${hx(i + 2)}${hx(i + 3)}-${hx(i + 4)}${hx(i + 5)}-${hx(i + 6)}${hx(i + 7)}-${hx(i + 8)}${hx(i + 9)}-${hx(i + 10)}${hx(i + 11)}${hx(i + 12)}${hx(i + 13)}${hx(i + 14)}${hx(i + 15)}`
}
const hx = (at: number) => HEX[pool[at] as number] as string

/** What `getConsent` answers for a widget with none: frozen, shared. */
const NO_CONSENT: readonly ScopeName[] = Object.freeze([])

/** Outcomes a test can script on the in-memory backend. */
export interface MemoryBackendBehavior {
  /** `decline` throws "Payment declined", `error` throws "Backend unavailable". */
  pay: 'ok' | 'decline' | 'error'
  subscribe: 'ok' | 'error'
  doctorService: 'ok' | 'decline' | 'error'
  smsActivate: 'ok' | 'error'
  /** A top-up is a payment: declined or failing, as `pay`. */
  smsCharge: 'ok' | 'decline' | 'error'
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
  /** The sign-in codes issued, in order, with what each stands for. */
  readonly codes: {
    code: string
    app_key: string
    origin: string
    challenge: string
    session_token: string
    grant?: string
  }[]
  readonly receipts: Map<string, Receipt & { app_key: string }>
  /** The widgets on the doctor's profile (their channels), by `app_key`. */
  readonly profileWidgets: Set<string>
  /** How many times the profile's cache was purged. */
  profilePurges: number
}

/**
 * An in-memory platform backend for tests, and for a host running without a server (the e2e
 * panels and the bench). A test seam: published from `platform-widget-sdk/testing`, not `/host`.
 * As a platform should, it charges nothing for a call whose signal has aborted (it throws the
 * signal's reason), and charges once per idempotency key: a charge sent again with the same key
 * answers the first one's receipt.
 *
 * @example
 * const backend = createMemoryBackend({ smsActive: true })
 * backend.behavior.pay = 'decline'
 */
export function createMemoryBackend(
  init: { smsActive?: boolean; receipts?: Record<string, Receipt & { app_key: string }> } = {},
): MemoryBackend {
  // Frozen lists, answered as they are: no copy per look-up, and no caller can change them.
  const consent = new Map<string, readonly ScopeName[]>()
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
    codes: [],
    receipts: new Map(Object.entries(init.receipts ?? {})),
    profileWidgets: new Set(),
    profilePurges: 0,
    async issueSessionToken({ app_key, scopes }) {
      fail(backend.behavior.token)
      const token = `st_${randomId()}`
      backend.tokens.push({ token, app_key, scopes })
      return token
    },
    async issueRenewalGrant({ app_key, origin, scopes }) {
      fail(backend.behavior.token)
      const grant = `prg_${randomId()}`
      backend.grants.push({ grant, app_key, origin, scopes })
      return grant
    },
    async issueSignInCode(request) {
      fail(backend.behavior.token)
      const code = `psc_${randomId()}`
      backend.codes.push({ code, ...request })
      return code
    },
    async getConsent(app_key) {
      return (consent.get(app_key) ?? NO_CONSENT) as ScopeName[]
    },
    async recordConsent(app_key, scopes) {
      consent.set(app_key, Object.freeze([...new Set(scopes)]))
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
  /** The receipt of each idempotency key charged. */
  const byKey = new Map<string, { receipt_id: string }>()
  const charge = (
    kind: string,
    prefix: string,
    mode: string,
    fields: { app_key: string; amount: number; payload?: Payload | undefined },
    call: ChargeCall | undefined,
  ) => {
    call?.signal.throwIfAborted()
    const key = call?.idempotencyKey
    const before = key === undefined ? undefined : byKey.get(key)
    if (before) return { ...before }
    fail(mode)
    const receipt_id = `${prefix}_${Date.now().toString(36)}${(++counter).toString(36)}`
    const { app_key, amount, payload } = fields
    of().charges.push({ kind, app_key, amount, receipt_id, ...withPayload(payload) })
    if (key !== undefined) byKey.set(key, { receipt_id })
    return { receipt_id }
  }
  return {
    async pay({ app_key, amount, payload }, call) {
      return charge('pay', 'rcpt', of().behavior.pay, { app_key, amount, payload }, call)
    },
    async subscribe({ app_key, amount, payload }, call) {
      const fields = { app_key, amount, payload }
      return charge('subscribe', 'sub', of().behavior.subscribe, fields, call)
    },
    async payForDoctorService({ app_key, payable, payload }, call) {
      const mode = of().behavior.doctorService
      return charge('doctor-service', 'dsrv', mode, { app_key, amount: payable, payload }, call)
    },
    async smsCharge({ app_key, price }, call) {
      return charge('sms', 'sms', of().behavior.smsCharge, { app_key, amount: price }, call)
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
