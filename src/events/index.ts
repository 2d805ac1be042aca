export { doctorServiceAmounts } from './amount.js'
export type { ErrorCode as ErrorCodeName, SerializedError } from './errors.js'
export { deserializeError, ErrorCode, invalid, PlatformError, serializeError } from './errors.js'
export type {
  DoctorServiceAmounts,
  DoctorServiceResult,
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
export { emitEach } from './listeners.js'
export type {
  DoctorServiceRequest,
  FlowKey,
  FlowRequest,
  Greeting,
  HostContext,
  HostMethodName,
  HostMethods,
  HostRequest,
  HostValue,
  InitializeInfo,
  InitializeRequest,
  Locale,
  NavigationOutcome,
  OpenLinkRequest,
  OpenLinkResult,
  Outcome,
  PayRequest,
  ProfileRequest,
  ProfileResult,
  RedirectRequest,
  SessionTokenRequest,
  SubscribeRequest,
  TopLevelInfo,
} from './protocol.js'
export {
  CONTEXTS,
  DIALOG_METHODS,
  FLOW_KEYS,
  HOST_METHODS,
  HOST_TIMEOUTS,
  LOCALES,
  PROTOCOL_VERSION,
  TIMEOUTS,
} from './protocol.js'
export type { Scope, ScopeName } from './scopes.js'
export { isScope, isScopeName, MAX_SCOPE_NAME, SCOPES } from './scopes.js'
export { MIN_TOKEN_TIMEOUT, tokenTimeout } from './token.js'
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
  validateDoctorService,
  validateEmpty,
  validateFlow,
  validateInitialize,
  validateOpenLink,
  validatePath,
  validatePay,
  validatePayload,
  validateProfile,
  validateRedirect,
  validateResize,
  validateSessionToken,
  validateSubscribe,
} from './validate.js'
