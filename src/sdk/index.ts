export type {
  DoctorServiceRequest,
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
  SubscribeRequest,
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
export type { InitializeOptions } from './compat.js'
export type { Platform, PlatformOptions } from './platform.js'
export { createPlatform, VERSION } from './platform.js'
