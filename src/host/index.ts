export type {
  DoctorServiceResult,
  FlowKey,
  HostContext,
  Locale,
  PayResult,
  PlatformEventName,
  PlatformResult,
  Scope,
  ScopeName,
  SmsActivateResult,
  SmsChargeResult,
  SubscribeResult,
  WidgetUnavailableReason,
} from '../events/index.js'
export {
  doctorServiceAmounts,
  ErrorCode,
  PlatformError,
  PlatformEvent,
} from '../events/index.js'
export type { BackendAdapter, BackendCall, ChargeCall, Receipt } from '../host-kit/backend.js'
export type { DialogKind, DialogObserver } from '../host-kit/dialog/dialog.js'
// The dialogs' own cleaning of names, for a panel's chrome to show the same names.
export { withoutBidi } from '../host-kit/dialog/dom.js'
export type { HostTheme, ThemeColors } from '../host-kit/dialog/theme.js'
export type { WidgetName } from '../host-kit/names.js'
export type { MountOptions, PageLayout, WidgetPage } from '../host-kit/pages.js'
export {
  DEFAULT_SMS_PACKAGES,
  DEFAULT_SMS_PRICE,
  DEFAULT_SMS_RANGE,
} from '../host-kit/sms-defaults.js'
export type {
  TraceBase,
  TraceCall,
  TraceDialog,
  TraceEntry,
  TraceEvent,
  TraceMethod,
  TraceResult,
  TraceWidget,
} from '../host-kit/trace.js'
export { IFRAME_ALLOW, IFRAME_SANDBOX } from './frame-allow.js'
export { createHost } from './host.js'
export type { Host, MountedWidget } from './host-api.js'
export type { Diagnosis, Unavailability } from './lifecycle.js'
export { DIAGNOSE_TIMEOUT, READY_TIMEOUT } from './lifecycle.js'
export type { SignInOptions } from './signin.js'
export { runSignIn } from './signin.js'
export type {
  HostEvents,
  HostOptions,
  Plan,
  Product,
  ResultMeta,
  SmsPackage,
  Violation,
  WidgetRegistration,
} from './types.js'
