// What the operations' handlers and the dialogs are given, by topic: what a widget is registered
// with (widget-registration.ts), what a panel passes to `createHost` (host-options.ts), what
// `host.on` listeners get (host-events.ts) and what a handler gets for a call (call-context.ts).
export type { CallContext } from './call-context.js'
export type { HostEvents, ResultMeta } from './host-events.js'
export type { HostOptions, SmsPackage, Violation } from './host-options.js'
export type { Plan, Product, WidgetRegistration } from './widget-registration.js'
