// The dev platform's config and fixture shapes, below both of their readers: the CLI's config
// loading (demo/lib) and the emulator (demo/emulator), which import neither each other for them.

import type { HostContext, ScopeName } from 'platform-widget-sdk/events'

/** A string shown to people: one text, or one per locale. */
export type Localized = string | { fa: string; en: string }

export interface ProductConfig {
  key: string
  title: Localized
  /** Rials. */
  price: number
}

export interface PlanConfig extends ProductConfig {
  period: 'week' | 'month' | 'year'
}

/** A widget as the developer console would know it, with everything the demo needs. */
export interface AppConfig {
  app_key: string
  /** The internal identifier (console URLs, the bot-messaging header). */
  app_id: string
  /** Sent by the widget's backend as `x-api-key`. Never given to a browser. */
  developer_key: string
  /** The widget page. */
  url: string
  name: Localized
  /** The demo pages the widget is mounted in. */
  contexts: HostContext[]
  /** Scopes enabled in the console. */
  scopes: ScopeName[]
  products: ProductConfig[]
  plans: PlanConfig[]
  /**
   * Where the emulator POSTs this widget's webhooks: http(s) on localhost, 127.0.0.1 or [::1]
   * only. Without one, events are logged (`GET /internal/webhooks`) but not sent.
   */
  webhook_url?: string
  /** `whsec_` + base64: signs this widget's webhooks (Standard Webhooks). Server-side only. */
  webhook_secret: string
  /** The widget's pages by key (the panel's `/_/{app_key}/{key}/{params…}`); see `WidgetPage`. */
  pages?: PageConfig[]
  /** The paths of its top-level pages, the only ones a sign-in goes back to; see `WidgetRegistration`. */
  topLevelPages?: string[]
}

/** A page of a widget: the host's `WidgetPage`, its name in one text or per language. */
export interface PageConfig {
  key: string
  embed_src: string
  parameters?: string[]
  name?: Localized
  protected?: boolean
  layout?: { header?: boolean; footer?: boolean; bottomNavigation?: boolean; appBar?: boolean }
}

export interface ProviderProfile {
  title: string
  expertise: string
  medical_code: string
  biography: string
  rating: number
  centers: { id: string; name: string; city: string; address: string }[]
}

export interface UserFixture {
  id: string
  kind: 'provider' | 'patient'
  first_name: string
  last_name: string
  /** The name in Latin letters, for English pages. */
  latin_name?: string
  mobile: string
  profile?: ProviderProfile
  /** Insurance providers (`tamin`, `salamat`) whose catalog this provider may search. */
  insurance_providers?: string[]
  sms?: { active: boolean; credit: number }
  /** The provider's bank accounts (`GET /open-platform/v1/finance/accounts`). */
  bank_accounts?: BankAccount[]
}

export interface BankAccount {
  id: string
  iban: string
  card_number: string
  bank_name: string
  owner_name: string
  is_default: boolean
}

/** A weekday, Saturday first as in Iran. */
export type Weekday = 'sat' | 'sun' | 'mon' | 'tue' | 'wed' | 'thu' | 'fri'

/** One opening of a center on a weekday, local (Tehran) time `HH:MM`. */
export interface WorkHoursRange {
  day: Weekday
  from: string
  to: string
}

/** The scheduling side of a center of `profile.centers` (same `id`). */
export interface CenterFixture {
  id: string
  provider_id: string
  /** The provider as a practitioner of this center (the slots query names it). */
  user_center_id: string
  phone: string
  slot_minutes: number
  work_hours: WorkHoursRange[]
}

/**
 * Seeded appointments are placed relative to the day the emulator starts, in a slot its center's
 * work hours open, so they are consistent with the slots whatever the weekday.
 */
export interface AppointmentFixture {
  id: string
  conversation_id: number
  center_id: string
  /** The index of the slot among the center's open slots from 00:00 today (Tehran) on. */
  slot: number
  patient: { full_name: string; mobile: string; national_code: string }
}

export interface VacationFixture {
  id: string
  center_id: string
  /** First day off, in days after the start day. */
  from_day_offset: number
  /** Number of whole days off. */
  days: number
  reason: string
}

/** Where a widget is active on a provider's profile, and in which placements. */
export interface ChannelFixture {
  provider_id: string
  placements: HostContext[]
}

export interface CatalogFixture {
  id: number
  provider: string
  type: number
  srvName: string
  gSrvCode: string
  wsSrvCode: string
  brands: string[]
}

export interface ServiceCategory {
  key: 'drugs' | 'lab' | 'imaging' | 'others' | 'equipment'
  title: string
  providers: Record<string, number[]>
}

/**
 * The app as written in the fixture file: a `path` (the page) and a `webhook_path` (its backend's
 * webhook receiver) on the sample widgets' origin. No developer key and no webhook secret: the
 * package ships none; each installation makes its own (demo/lib/secrets.ts).
 */
export type AppFixture = Omit<
  AppConfig,
  'url' | 'products' | 'plans' | 'webhook_url' | 'developer_key' | 'webhook_secret'
> & {
  path: string
  webhook_path?: string
  products?: ProductConfig[]
  plans?: PlanConfig[]
}

/** The shape of `fixtures.json`. */
export interface Fixtures {
  tokens: { session_token_ttl_seconds: number; access_token_ttl_seconds: number }
  users: UserFixture[]
  insured_people: {
    national_code: string
    first_name: string
    last_name: string
    birth_date: string
    insurance: string
    status: string
  }[]
  apps: AppFixture[]
  installations: Record<string, string[]>
  receipts: { id: string; app_key: string; user_id: string; title: Localized; amount: number }[]
  service_types: ServiceCategory[]
  catalog: CatalogFixture[]
  centers: CenterFixture[]
  appointments: AppointmentFixture[]
  vacations: VacationFixture[]
  /** By app_key. */
  channels: Record<string, ChannelFixture[]>
}
