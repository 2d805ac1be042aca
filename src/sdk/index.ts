export type {
  DoctorServiceResult,
  FlowKey,
  HostContext,
  InitializeInfo,
  Locale,
  Payload,
  PayRequest,
  PayResult,
  PlatformEventName,
  PlatformEvents,
  PlatformResult,
  ProfileResult,
  RedirectRequest,
  Scope,
  ScopeName,
  SessionTokenRequest,
  SmsActivateResult,
  SmsChargeResult,
  SubscribeResult,
  TopLevelInfo,
} from '../events/index.js'
export {
  ErrorCode,
  isPlatformError,
  PlatformError,
  PlatformEvent,
  SCOPES,
} from '../events/index.js'
export type { OpenLinkRequest, OpenLinkResult } from '../operations/openLink/types.js'
export type { DoctorServiceRequest } from '../operations/payForDoctorService/types.js'
export type { SubscribeRequest } from '../operations/subscribe/types.js'
export type { InitializeOptions } from './compat.js'
export type { Platform, PlatformOptions } from './platform.js'
export { createPlatform, VERSION } from './platform.js'
