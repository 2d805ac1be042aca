// The contract both sides share: event names and result types, error codes and `PlatformError`,
// scopes, request shapes, the doctor-service amounts, and the argument rules a widget may check
// itself. Published as `platform-widget-sdk/events` through `src/operations/events.ts`, which adds
// each operation's own validator. What the SDK and the host use to talk to each other is in
// `wire.ts`, which is not published. Imports nothing else from src.
export { doctorServiceAmounts } from './amount.js'
export type { DevConfigProblem, DevPriced } from './dev-config.js'
export { DEV_APP_DEFAULTS, DEV_CONFIG_KEYS, devConfigProblems, didYouMean } from './dev-config.js'
export type { CheckedDevApp, DevConfigText, DevPage, DevProduct } from './dev-config-app.js'
export {
  APP_KEY,
  DevConfigValueError,
  devConfigApp,
  isLocalWebhookUrl,
  isWebhookSecret,
  parseHttpUrl,
  readDevConfig,
} from './dev-config-app.js'
export type { WidgetUnavailableReason } from './errors.js'
export { ErrorCode, isPlatformError, PlatformError } from './errors.js'
export type {
  DoctorServiceAmounts,
  DoctorServiceResult,
  LookChanged,
  Payload,
  PayResult,
  PlatformEventName,
  PlatformEvents,
  PlatformResult,
  ResultOf,
  SmsActivateResult,
  SmsChargeResult,
  SubscribeResult,
} from './events.js'
export { PlatformEvent } from './events.js'
export type {
  FlowKey,
  HostContext,
  InitializeInfo,
  Locale,
  PanelLook,
  PayRequest,
  ProfileResult,
  RedirectRequest,
  SessionTokenRequest,
  TopLevelInfo,
} from './protocol.js'
export { CONTEXTS, FLOW_KEYS, LOCALES, TIMEOUTS } from './protocol.js'
export type { Scope, ScopeName } from './scopes.js'
export { isScope, isScopeName, MAX_SCOPE_NAME, SCOPES } from './scopes.js'
export { MIN_TOKEN_TIMEOUT } from './token.js'
export {
  isLinkUrl,
  isLoopback,
  LINK_RULE,
  MAX_DOCTOR_SERVICE_AMOUNT,
  MAX_PATH_LENGTH,
  MAX_PAYLOAD_BYTES,
  MAX_PAYLOAD_DEPTH,
  MAX_SCOPES,
  MAX_URL_LENGTH,
  validatePath,
  validatePayload,
  validateSessionToken,
} from './validate.js'
