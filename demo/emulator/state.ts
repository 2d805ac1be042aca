import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { ScopeName } from 'platform-widget-sdk/events'
import { demoPath } from '../lib/paths.js'
import type { AppConfig, Fixtures, UserFixture } from '../shared/config-types.js'
import type { BotConversation, BotMessage, Channel, ChatMessage } from './chat-records.js'
import { createGrantStore, type GrantStore } from './grants.js'
import type { AccessToken, ReceiptRecord, SentSms, SessionToken } from './records.js'
import { noScenario, type Scenario } from './scenario.js'
import {
  type Addon,
  type Appointment,
  type Center,
  seedScheduling,
  type Vacation,
} from './scheduling-records.js'
import { createSignInCodeStore, type SignInCodeStore } from './signin-codes.js'
import type { WebhookDelivery } from './webhooks.js'

/** The fixture file shipped with the demo. */
export const FIXTURES_PATH = demoPath('emulator', 'fixtures.json')

export function loadFixtures(path: URL | string = FIXTURES_PATH): Fixtures {
  return JSON.parse(readFileSync(path, 'utf8')) as Fixtures
}

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
    ...seedScheduling(copy, now),
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

/** An unguessable opaque token with a readable prefix. */
export function opaque(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString('base64url')}`
}
