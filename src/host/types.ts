// The host's types in one place for its modules: the host kit's (src/host-kit/types.ts) and what
// a handler is to the call pipeline (handler-types.ts).

export type {
  CallContext,
  HostEvents,
  HostOptions,
  Plan,
  Product,
  ResultMeta,
  SmsPackage,
  Violation,
  WidgetRegistration,
} from '../host-kit/types.js'
export type { Answer, Handled, Handler, Outside, Validated } from './handler-types.js'
