export type {
  DoctorServiceResult,
  ErrorCodeName,
  FlowKey,
  HostContext,
  InitializeInfo,
  Locale,
  Payload,
  PayResult,
  PlatformEventName,
  PlatformEvents,
  PlatformResult,
  Scope,
  SmsActivateResult,
  SmsChargeResult,
  SubscribeResult,
} from '../events/index.js'
export { ErrorCode, PlatformError, PlatformEvent, SCOPES } from '../events/index.js'
export type { PayArgs, Platform, PlatformOptions } from './platform.js'
export { createPlatform, VERSION } from './platform.js'
