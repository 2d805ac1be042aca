import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { HostContext, ScopeName } from 'platform-widget-sdk/events'
import { demoPath } from '../lib/paths.js'
import type {
  AppConfig,
  Fixtures,
  Localized,
  UserFixture,
  WorkHoursRange,
} from '../shared/config-types.js'
import { DAY_SECONDS, dayStart, openSlots, tehranDate } from './calendar.js'
import { createGrantStore, type GrantStore } from './grants.js'
import { createSignInCodeStore, type SignInCodeStore } from './signin-codes.js'
import type { WebhookDelivery } from './webhooks.js'

/** The fixture file shipped with the demo. */
export const FIXTURES_PATH = demoPath('emulator', 'fixtures.json')

export function loadFixtures(path: URL | string = FIXTURES_PATH): Fixtures {
  return JSON.parse(readFileSync(path, 'utf8')) as Fixtures
}

export interface SessionToken {
  user_id: string
  app_key: string
  scopes: ScopeName[]
  expires_at: number
  used: boolean
}

export interface AccessToken {
  user_id: string
  app_key: string
  scopes: ScopeName[]
  expires_at: number
}

export type ReceiptKind = 'receipt' | 'pay' | 'subscribe' | 'doctor-service' | 'sms'

/** Every receipt: the ones the platform issued for a widget, and every charge made. */
export interface ReceiptRecord {
  id: string
  app_key: string
  user_id: string
  kind: ReceiptKind
  title?: Localized
  /** Rials charged (for a doctor service: the payable amount, VAT included). */
  amount: number
  /** `issued`: waiting to be paid (platform receipts); `refunded`: a doctor service refunded. */
  status: 'issued' | 'paid' | 'refunded'
  /**
   * The widget's payload of the SDK call that paid it (JSON, as the panel sent it), or the one
   * its backend set when it created the receipt. Returned by verify and in the webhooks.
   */
  payload?: unknown
  /** The receipt was created by the widget's backend (`POST .../monetization/receipts`). */
  created_by_backend?: boolean
  product_key?: string
  plan_key?: string
  vat?: number
  service_amount?: number
  sms_count?: number
  created_at: number
  paid_at?: number
  verified_at?: number
  refunded_at?: number
}

export interface SentSms {
  id: string
  user_id: string
  app_key: string
  to: string
  text: string
  parts: number
  sent_at: number
}

/** A medical center: the profile's center (name, city, address) and its scheduling. */
export interface Center {
  id: string
  provider_id: string
  user_center_id: string
  name: string
  city: string
  address: string
  phone: string
  slot_minutes: number
  work_hours: WorkHoursRange[]
}

export interface Appointment {
  /** A UUID. */
  id: string
  /** The appointment's chat (`POST /open-platform/v1/chats/{conversation_id}/messages`). */
  conversation_id: number
  center_id: string
  user_center_id: string
  provider_id: string
  /** UNIX seconds: the slot. */
  from: number
  to: number
  patient: { full_name: string; mobile: string; national_code: string }
  created_at: number
}

export interface Vacation {
  id: string
  center_id: string
  /** UNIX seconds, [from, to). */
  from: number
  to: number
  reason: string
}

export interface Addon {
  app_key: string
  provider_id: string
  title: string
  description: string
  created_at: number
  updated_at: number
}

export interface Channel {
  provider_id: string
  placements: HostContext[]
  enabled_at: number
  updated_at: number
}

export interface ChatMessage {
  id: string
  conversation_id: number
  appointment_id: string
  app_key: string
  text: string
  sent_at: number
}

export interface BotConversation {
  id: string
  app_key: string
  user_id: string
  title: string
  created_at: number
}

export interface BotMessage {
  id: string
  conversation_id: string
  app_key: string
  user_id: string
  content: string
  sent_at: number
}

/**
 * What the control API asked to go wrong (`PUT /control/v1/scenario`). Part of the state, so a
 * reset ends it; it applies to the open APIs and the panel's payments, never to the control API.
 */
export interface Scenario {
  /** The next N payments from the panel are declined. */
  decline_next_payments: number
  /** The next `times` open-API calls under `path_prefix` answer `status`. */
  fail: { status: number; times: number; path_prefix: string } | null
  /** Milliseconds every open-API call waits before it is answered. */
  delay_ms: number
  /** Token lifetimes in seconds, instead of the fixtures' (null: the fixtures'). */
  token_ttl: { session: number | null; access: number | null }
}

export const noScenario = (): Scenario => ({
  decline_next_payments: 0,
  fail: null,
  delay_ms: 0,
  token_ttl: { session: null, access: null },
})

/** Everything the emulator holds. Built from the fixtures; nothing is written to disk. */
export interface EmulatorState {
  fixtures: Fixtures
  apps: Map<string, AppConfig>
  users: Map<string, UserFixture & { sms: { active: boolean; credit: number } }>
  /** By the token's `jti`: what it is bound to, and whether it was exchanged. */
  sessionTokens: Map<string, SessionToken>
  /** By the token's `jti`. A token whose id is not here (the emulator was reset) is refused. */
  accessTokens: Map<string, AccessToken>
  /** `${user_id} ${app_key}` to the scopes the user approved. */
  consent: Map<string, ScopeName[]>
  /** Top-level pages' renewal grants (see grants.ts). */
  grants: GrantStore
  /** Sign-in codes waiting for their page (see signin-codes.ts). */
  signInCodes: SignInCodeStore
  receipts: Map<string, ReceiptRecord>
  installations: Map<string, Set<string>>
  messages: SentSms[]
  centers: Map<string, Center>
  /** By id. */
  appointments: Map<string, Appointment>
  vacations: Map<string, Vacation>
  /** By `${app_key} ${provider_id}`: one appointments-list addon per widget and provider. */
  addons: Map<string, Addon>
  /** By app_key, then provider_id: the profiles where the widget is active. */
  channels: Map<string, Map<string, Channel>>
  chatMessages: ChatMessage[]
  /** By `${app_key} ${user_id}`: one bot conversation per widget and user. */
  botConversations: Map<string, BotConversation>
  botMessages: BotMessage[]
  /** Per provider, when the profile was last purged from the CDN cache. */
  profilePurges: Map<string, number>
  /** The next conversation id of a booked appointment. */
  nextConversationId: number
  /** Every webhook sent (or skipped), oldest first, the newest few hundred. */
  webhooks: WebhookDelivery[]
  /**
   * By developer key: the bytes (as JSON) of the receipts, messages and installations programs
   * made, counted against the memory budget (MemoryBudget); the fixtures' are not. A reset's new
   * state starts empty.
   */
  storedBytes: Map<string, number>
  /** The panel's charges by their `Idempotency-Key` (see api/internal/idempotency.ts). */
  idempotent: Map<string, object>
  scenario: Scenario
}

export function createState(fixtures: Fixtures, apps: AppConfig[], now: number): EmulatorState {
  const copy = structuredClone(fixtures)
  return {
    fixtures: copy,
    apps: new Map(apps.map((app) => [app.app_key, structuredClone(app)])),
    users: new Map(
      copy.users.map((user) => [
        user.id,
        { ...user, sms: user.sms ? { ...user.sms } : { active: false, credit: 0 } },
      ]),
    ),
    sessionTokens: new Map(),
    accessTokens: new Map(),
    consent: new Map(),
    grants: createGrantStore(),
    signInCodes: createSignInCodeStore(),
    receipts: new Map(
      copy.receipts.map((r) => [
        r.id,
        { ...r, kind: 'receipt', status: 'issued', created_at: now } satisfies ReceiptRecord,
      ]),
    ),
    installations: new Map(
      Object.entries(copy.installations).map(([app, users]) => [app, new Set(users)]),
    ),
    messages: [],
    ...scheduling(copy, now),
    addons: new Map(),
    channels: new Map(
      Object.entries(copy.channels).map(([app, list]) => [
        app,
        new Map(
          list.map((ch) => [
            ch.provider_id,
            { ...ch, placements: [...ch.placements], enabled_at: now, updated_at: now },
          ]),
        ),
      ]),
    ),
    chatMessages: [],
    botConversations: new Map(),
    botMessages: [],
    profilePurges: new Map(),
    webhooks: [],
    storedBytes: new Map(),
    idempotent: new Map(),
    scenario: noScenario(),
  }
}

/** Centers, appointments and vacations, the seeded ones placed relative to today (Tehran). */
function scheduling(fixtures: Fixtures, now: number) {
  const today = dayStart(tehranDate(Math.floor(now / 1000)))
  const profiles = new Map(
    fixtures.users.flatMap((u) => (u.profile?.centers ?? []).map((c) => [c.id, c] as const)),
  )
  const centers = new Map<string, Center>()
  for (const c of fixtures.centers) {
    const profile = profiles.get(c.id)
    if (!profile) throw new Error(`fixtures: center ${c.id} is in no provider's profile`)
    centers.set(c.id, {
      ...c,
      name: profile.name,
      city: profile.city,
      address: profile.address,
      work_hours: c.work_hours.map((h) => ({ ...h })),
    })
  }
  const appointments = new Map<string, Appointment>()
  for (const a of fixtures.appointments) {
    const center = centers.get(a.center_id)
    if (!center) throw new Error(`fixtures: appointment ${a.id} is at an unknown center`)
    const slot = openSlots(center.work_hours, center.slot_minutes, {
      from: today,
      to: today + 14 * DAY_SECONDS,
    })[a.slot]
    if (!slot) throw new Error(`fixtures: appointment ${a.id} has no slot ${a.slot}`)
    const from = slot.from
    appointments.set(a.id, {
      id: a.id,
      conversation_id: a.conversation_id,
      center_id: center.id,
      user_center_id: center.user_center_id,
      provider_id: center.provider_id,
      from,
      to: from + center.slot_minutes * 60,
      patient: { ...a.patient },
      created_at: now,
    })
  }
  const vacations = new Map(
    fixtures.vacations.map((v) => {
      const from = today + v.from_day_offset * DAY_SECONDS
      const vacation: Vacation = {
        id: v.id,
        center_id: v.center_id,
        from,
        to: from + v.days * DAY_SECONDS,
        reason: v.reason,
      }
      return [v.id, vacation] as const
    }),
  )
  const nextConversationId =
    Math.max(70000, ...fixtures.appointments.map((a) => a.conversation_id)) + 1
  return { centers, appointments, vacations, nextConversationId }
}

/** An unguessable opaque token with a readable prefix. */
export function opaque(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString('base64url')}`
}
