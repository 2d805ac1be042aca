// The host's types, by topic, in one place for the modules that import them: what a widget is
// registered with (widget-registration.ts), what a panel passes to `createHost`
// (host-options.ts), what `host.on` listeners get (host-events.ts), and what a handler is and
// gets for a call (handler-types.ts).
export type { Answer, CallContext, Handled, Handler, Validated } from './handler-types.js'
export type { HostEvents, ResultMeta } from './host-events.js'
export type { HostOptions, SmsPackage, Violation } from './host-options.js'
export type { Plan, Product, WidgetRegistration } from './widget-registration.js'
