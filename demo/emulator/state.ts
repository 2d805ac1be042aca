import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Scope } from '../../src/events/index.js'
import { demoPath } from '../lib/paths.js'
import type { AppConfig, Fixtures, Localized, UserFixture } from './types.js'
import type { WebhookDelivery } from './webhooks.js'

/** The fixture file shipped with the demo. */
export const FIXTURES_PATH = demoPath('emulator', 'fixtures.json')

export function loadFixtures(path: URL | string = FIXTURES_PATH): Fixtures {
  return JSON.parse(readFileSync(path, 'utf8')) as Fixtures
}

export interface SessionToken {
  user_id: string
  app_key: string
  scopes: Scope[]
  expires_at: number
  used: boolean
}

export interface AccessToken {
  user_id: string
  app_key: string
  scopes: Scope[]
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
  consent: Map<string, Scope[]>
  receipts: Map<string, ReceiptRecord>
  installations: Map<string, Set<string>>
  messages: SentSms[]
  /** Every webhook sent (or skipped), oldest first, the newest few hundred. */
  webhooks: WebhookDelivery[]
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
    webhooks: [],
  }
}

/** An unguessable opaque token with a readable prefix. */
export function opaque(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString('base64url')}`
}
