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
export type { BackendAdapter, BackendCall, ChargeCall, Receipt } from './backend.js'
export type { DialogKind, DialogObserver } from './dialog/dialog.js'
// The dialogs' own cleaning of names, for a panel's chrome to show the same names.
export { withoutBidi } from './dialog/dom.js'
export type { HostTheme, ThemeColors } from './dialog/theme.js'
export { IFRAME_ALLOW, IFRAME_SANDBOX } from './frame-allow.js'
export { createHost } from './host.js'
export type { Host, MountedWidget } from './host-api.js'
export type { Diagnosis, Unavailability } from './lifecycle.js'
export { DIAGNOSE_TIMEOUT, READY_TIMEOUT } from './lifecycle.js'
export type { WidgetName } from './names.js'
export type { MountOptions, PageLayout, WidgetPage } from './pages.js'
export type { SignInOptions } from './signin.js'
export { runSignIn } from './signin.js'
export { DEFAULT_SMS_PACKAGES, DEFAULT_SMS_PRICE, DEFAULT_SMS_RANGE } from './sms-defaults.js'
export type {
  TraceBase,
  TraceCall,
  TraceDialog,
  TraceEntry,
  TraceEvent,
  TraceMethod,
  TraceResult,
  TraceWidget,
} from './trace.js'
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
