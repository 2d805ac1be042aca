/**
 * The bridge's operations, each declared once: the SDK calls that send it, the host method it
 * reaches, its argument check, its result type, the dialogs it may open, the contexts it has an
 * effect in and its deadline. The host's allow-list, dispatch and trace checks, the SDK's
 * namespace (through `sdk-calls.ts`, generated from this table), the lazy and top-level stubs, the
 * docs' table and the test matrices are all derived from it; `test/operation-layers.test.ts` adds a
 * fake row and fails naming any layer that does not pick it up. Not published (like `wire.ts`).
 *
 * Adding an operation: a row here, its handler in the host (`src/host/operations/handlers.ts`
 * names every handler by this table's keys, so `tsc` fails without it), its dialog, then
 * `npx tsx scripts/operations-table.ts` for the SDK's `sdk-calls.ts` and the docs' table.
 */
import type {
  DoctorServiceResult,
  PayResult,
  SmsActivateResult,
  SmsChargeResult,
  SubscribeResult,
} from './events.js'
import {
  CONTEXTS,
  type DoctorServiceRequest,
  type FlowRequest,
  type HostContext,
  type InitializeInfo,
  type InitializeRequest,
  type NavigationOutcome,
  type OpenLinkRequest,
  type OpenLinkResult,
  type PayRequest,
  type ProfileRequest,
  type ProfileResult,
  type RedirectRequest,
  type SessionTokenRequest,
  type SubscribeRequest,
} from './protocol.js'
import {
  validateDoctorService,
  validateEmpty,
  validateFlow,
  validateInitialize,
  validateOpenLink,
  validatePay,
  validateProfile,
  validateRedirect,
  validateResize,
  validateSessionToken,
  validateSubscribe,
} from './validate.js'

/** One operation's row. `Req` is what the SDK sends, `Res` what the host answers on success. */
export interface Operation<Req = unknown, Res = unknown> {
  /**
   * The SDK's calls that send it, by their path in `window.platform` (`sms.activate`); none for
   * what the SDK sends by itself (`resize`, `bye`).
   */
  readonly sdk: readonly string[]
  /** The host's check of the widget's argument (bounded walks); throws `INVALID_ARGUMENT`. */
  readonly validate: (raw: unknown) => unknown
  /** The dialogs it may open (`DialogKind`, as the panel's `onDialog` sees them). */
  readonly dialogs: readonly string[]
  /** Where it has an effect; elsewhere it resolves with no effect or refuses (`WRONG_CONTEXT`). */
  readonly contexts: readonly HostContext[]
  /**
   * Outside `contexts`: `refuse` (`WRONG_CONTEXT`, the default) or `no-effect` (it resolves
   * `{ applied: false }`, and the host warns in development mode).
   */
  readonly outside?: 'refuse' | 'no-effect'
  /**
   * `dialogCall` when it may open a dialog (the SDK waits `TIMEOUTS.dialogCall`, the host answers
   * within `HOST_TIMEOUTS.dialogCall`), else `call`.
   */
  readonly deadline: 'call' | 'dialogCall'
  /** Type only: the request and result types, for `HostMethods`. Never set. */
  readonly types?: { request: Req; result: Res }
}

/** A row typed with its request and result (a function so the types need no value). */
const op =
  <Req, Res>() =>
  <const R extends Omit<Operation<Req, Res>, 'types'>>(row: R): R & Operation<Req, Res> =>
    row as R & Operation<Req, Res>

const ALL = CONTEXTS

/** The table. Its order is the SDK's and the docs' order. */
export const OPERATIONS = {
  initialize: op<InitializeRequest, InitializeInfo>()({
    sdk: ['initialize'],
    validate: validateInitialize,
    dialogs: [],
    contexts: ALL,
    deadline: 'call',
  }),
  getSessionToken: op<SessionTokenRequest, string>()({
    sdk: ['getSessionToken'],
    validate: validateSessionToken,
    dialogs: ['consent'],
    contexts: ALL,
    deadline: 'dialogCall',
  }),
  openLink: op<OpenLinkRequest, OpenLinkResult>()({
    sdk: ['openLink'],
    validate: validateOpenLink,
    dialogs: ['open-link'],
    contexts: ALL,
    deadline: 'dialogCall',
  }),
  redirect: op<RedirectRequest, NavigationOutcome>()({
    sdk: ['redirect.dispatch'],
    validate: validateRedirect,
    dialogs: [],
    contexts: ['doctor-panel'],
    outside: 'no-effect',
    deadline: 'call',
  }),
  flow: op<FlowRequest, NavigationOutcome>()({
    sdk: ['flow.dispatch'],
    validate: validateFlow,
    dialogs: [],
    contexts: ['booking-flow'],
    outside: 'no-effect',
    deadline: 'call',
  }),
  pay: op<PayRequest, PayResult>()({
    sdk: ['payment.pay'],
    validate: validatePay,
    dialogs: ['payment'],
    contexts: ALL,
    deadline: 'dialogCall',
  }),
  subscribe: op<SubscribeRequest, SubscribeResult>()({
    sdk: ['payment.subscribe'],
    validate: validateSubscribe,
    dialogs: ['subscribe'],
    contexts: ALL,
    deadline: 'dialogCall',
  }),
  payForDoctorService: op<DoctorServiceRequest, DoctorServiceResult>()({
    sdk: ['payment.payForDoctorService'],
    validate: validateDoctorService,
    dialogs: ['doctor-service'],
    contexts: ['doctor-profile'],
    outside: 'refuse',
    deadline: 'dialogCall',
  }),
  smsActivate: op<Record<string, never>, SmsActivateResult>()({
    sdk: ['sms.activate'],
    validate: (raw) => validateEmpty(raw, 'activate'),
    dialogs: ['sms-activate'],
    contexts: ALL,
    deadline: 'dialogCall',
  }),
  smsCharge: op<Record<string, never>, SmsChargeResult>()({
    sdk: ['sms.charge'],
    validate: (raw) => validateEmpty(raw, 'charge'),
    dialogs: ['sms-charge'],
    contexts: ALL,
    deadline: 'dialogCall',
  }),
  profile: op<ProfileRequest, ProfileResult>()({
    sdk: [
      'widget.addToProfile',
      'widget.removeFromProfile',
      'widget.refreshProfile',
      'widget.refreshPorifle',
    ],
    validate: validateProfile,
    dialogs: ['profile-add', 'profile-remove'],
    contexts: ['doctor-panel', 'doctor-profile'],
    outside: 'refuse',
    deadline: 'dialogCall',
  }),
  /** Fire and forget: the widget's content height in CSS pixels. */
  resize: op<{ height: number }, null>()({
    sdk: [],
    validate: validateResize,
    dialogs: [],
    contexts: ALL,
    deadline: 'call',
  }),
  /** Fire and forget: the widget page is going away (reload or navigation). */
  bye: op<Record<string, never>, null>()({
    sdk: [],
    validate: (raw) => validateEmpty(raw, 'bye'),
    dialogs: [],
    contexts: ALL,
    deadline: 'call',
  }),
}

export type OperationTable = typeof OPERATIONS
export type HostMethodName = keyof OperationTable

/** Every SDK call's path in `window.platform` (`sms.activate`). */
export type SdkPath = OperationTable[HostMethodName]['sdk'][number]

/** Every dialog a host operation may open. */
export type DialogKind = OperationTable[HostMethodName]['dialogs'][number]

/** The request a host method takes. */
export type HostRequest<K extends HostMethodName> = NonNullable<
  OperationTable[K]['types']
>['request']
/** What a host method answers when it succeeds. */
export type HostValue<K extends HostMethodName> = NonNullable<OperationTable[K]['types']>['result']

/**
 * The SDK's compact view of a table (what `sdk-calls.ts` holds): one word per SDK call, its path,
 * then `=method` when the method is named otherwise, then `!` when it gets the dialog deadline.
 * Methods the SDK sends by itself are left out.
 */
export function sdkCalls(table: Record<string, Operation> = OPERATIONS): string {
  return Object.entries(table)
    .flatMap(([method, row]) =>
      row.sdk.map(
        (path) =>
          `${path}${path === method ? '' : `=${method}`}${row.deadline === 'dialogCall' ? '!' : ''}`,
      ),
    )
    .join(' ')
}
