import type { SerializedError } from './errors.js'
import type {
  DoctorServiceResult,
  Payload,
  PayResult,
  SmsActivateResult,
  SmsChargeResult,
  SubscribeResult,
} from './events.js'
import type { Scope } from './scopes.js'

/** Where a widget is mounted. Some operations only work in one of them. */
export const CONTEXTS = ['doctor-panel', 'booking-flow', 'doctor-profile'] as const
export type HostContext = (typeof CONTEXTS)[number]

/** Locales the host renders dialogs in. `fa` is right to left. */
export const LOCALES = ['fa', 'en'] as const
export type Locale = (typeof LOCALES)[number]

/** Flow keys accepted by `flow.dispatch`. */
export const FLOW_KEYS = ['BOOKING.RECEIPT', 'BOOKING.ONLINE_VISIT_CHANNEL'] as const
export type FlowKey = (typeof FLOW_KEYS)[number]

/** The SDK protocol version sent in `initialize`; the host refuses versions it does not know. */
export const PROTOCOL_VERSION = 1

/**
 * Timeouts, in milliseconds. The SDK waits a little longer for dialog calls than the host
 * keeps a dialog open, so a dialog always ends (closed by the host) before the SDK gives up.
 */
export const TIMEOUTS = {
  /** Handshake with the host. */
  handshake: 5_000,
  /** Calls that open no dialog. */
  call: 10_000,
  /** How long the host keeps an unanswered dialog open before it closes it. */
  dialog: 10 * 60_000,
  /** Calls that may open a dialog: the dialog time plus a margin. */
  dialogCall: 11 * 60_000,
} as const

export interface InitializeRequest {
  app_key: string
  protocol: number
}

/** What the host tells the widget after a successful `initialize`. */
export interface InitializeInfo {
  app_key: string
  context: HostContext
  locale: Locale
  panelOrigin: string
  /** True when the host runs in development mode; the SDK then logs warnings for no-op calls. */
  dev: boolean
}

export interface SessionTokenRequest {
  scope: Scope[]
}

export interface RedirectRequest {
  path: string
  newContext?: boolean
}

export interface FlowRequest {
  flowKey: FlowKey
  options?: Record<string, unknown>
}

/** `applied: false` when the call had no effect in this context. */
export interface NavigationOutcome {
  applied: boolean
}

/** `pay` request: exactly one of `product_key` and `receipt_id`. */
export type PayRequest =
  | { product_key: string; receipt_id?: never; payload?: Payload }
  | { receipt_id: string; product_key?: never; payload?: Payload }

export interface SubscribeRequest {
  plan_key?: string
  payload?: Payload
}

export interface DoctorServiceRequest {
  amount: number
  payload?: Payload
}

/** A host answer: errors travel as plain data and are rebuilt as PlatformError by the SDK. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: SerializedError }

/** The request a host method takes. */
export type HostRequest<K extends HostMethodName> = Parameters<HostMethods[K]>[0]
/** What a host method answers when it succeeds. */
export type HostValue<K extends HostMethodName> =
  Awaited<ReturnType<HostMethods[K]>> extends Outcome<infer T> ? T : never

/**
 * What the host exposes to a widget over the bridge. Every method takes one plain-data argument
 * and answers an {@link Outcome}; the host validates every argument itself.
 */
export interface HostMethods {
  initialize(request: InitializeRequest): Promise<Outcome<InitializeInfo>>
  getSessionToken(request: SessionTokenRequest): Promise<Outcome<string>>
  redirect(request: RedirectRequest): Promise<Outcome<NavigationOutcome>>
  flow(request: FlowRequest): Promise<Outcome<NavigationOutcome>>
  pay(request: PayRequest): Promise<Outcome<PayResult>>
  subscribe(request: SubscribeRequest): Promise<Outcome<SubscribeResult>>
  payForDoctorService(request: DoctorServiceRequest): Promise<Outcome<DoctorServiceResult>>
  smsActivate(request: Record<string, never>): Promise<Outcome<SmsActivateResult>>
  smsCharge(request: Record<string, never>): Promise<Outcome<SmsChargeResult>>
  /** Fire and forget: the widget's content height in CSS pixels. */
  resize(request: { height: number }): Promise<Outcome<null>>
  /** Fire and forget: the widget page is going away (reload or navigation). */
  bye(request: Record<string, never>): Promise<Outcome<null>>
}

export type HostMethodName = keyof HostMethods

/** The allow-list of method names the host exposes; nothing else is reachable. */
export const HOST_METHODS: readonly HostMethodName[] = [
  'initialize',
  'getSessionToken',
  'redirect',
  'flow',
  'pay',
  'subscribe',
  'payForDoctorService',
  'smsActivate',
  'smsCharge',
  'resize',
  'bye',
]

/** Methods that may open a dialog and so get the longer timeout. */
export const DIALOG_METHODS: ReadonlySet<HostMethodName> = new Set<HostMethodName>([
  'getSessionToken',
  'pay',
  'subscribe',
  'payForDoctorService',
  'smsActivate',
  'smsCharge',
])
