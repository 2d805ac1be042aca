/**
 * The wire: what the SDK and the host use to talk to each other, and nothing a widget needs. Not
 * published: the `./events` entry (`index.ts`) is the contract, and this module is imported by
 * relative path from `src/sdk`, `src/host` and their tests. It may change in any release, as long
 * as both sides change together (they ship together).
 */
import type { SerializedError } from './errors.js'
import type {
  DoctorServiceResult,
  PayResult,
  SmsActivateResult,
  SmsChargeResult,
  SubscribeResult,
} from './events.js'
import type {
  DoctorServiceRequest,
  FlowRequest,
  InitializeInfo,
  InitializeRequest,
  NavigationOutcome,
  OpenLinkRequest,
  OpenLinkResult,
  PayRequest,
  ProfileRequest,
  ProfileResult,
  RedirectRequest,
  SessionTokenRequest,
  SubscribeRequest,
} from './protocol.js'

// Kept beside what they serve, and re-exported here so the two sides find the wire in one place.
export type { SerializedError } from './errors.js'
export { deserializeError, invalid, serializeError } from './errors.js'
export { emitEach } from './listeners.js'
export type { InitializeRequest, NavigationOutcome, ProfileRequest } from './protocol.js'
export { HOST_TIMEOUTS } from './protocol.js'
export { tokenTimeout } from './token.js'
export { validateEmpty, validateInitialize, validateProfile, validateResize } from './validate.js'

/**
 * The platform's sign-in page for a widget's top-level page, on the origin that serves
 * `platform.js`; its renewal endpoint is `${SIGN_IN_PATH}/renew`. The host refuses to redirect a
 * panel there.
 */
export const SIGN_IN_PATH = '/signin'

/** The SDK protocol version sent in `initialize`; the host refuses versions it does not know. */
export const PROTOCOL_VERSION = 1

/**
 * What the host sends with its handshake's `ACK1`: the answer to `initialize`, keyed by protocol
 * version (so a later host can greet SDKs of several versions at once). An SDK that finds its
 * version and its `app_key` there resolves `initialize` without a round trip; otherwise it calls
 * `initialize`.
 */
export type Greeting = { [version: number]: InitializeInfo | undefined }

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
  openLink(request: OpenLinkRequest): Promise<Outcome<OpenLinkResult>>
  profile(request: ProfileRequest): Promise<Outcome<ProfileResult>>
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
  'openLink',
  'profile',
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
  'openLink',
  'profile',
])
