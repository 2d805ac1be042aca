// The `platform-widget-sdk/events` entry: the contract of src/events, and the argument check of
// each operation that a widget or its backend may run itself, which lives in the operation's
// folder. Here, above both, so that src/events imports nothing from the operations.
export * from '../events/index.js'
export type { FlowRequest } from './flow/types.js'
export { validateFlow } from './flow/validate.js'
export type { OpenLinkRequest, OpenLinkResult } from './openLink/types.js'
export { validateOpenLink } from './openLink/validate.js'
export { validatePay } from './pay/validate.js'
export type { DoctorServiceRequest } from './payForDoctorService/types.js'
export { validateDoctorService } from './payForDoctorService/validate.js'
export { validateRedirect } from './redirect/validate.js'
export type { SubscribeRequest } from './subscribe/types.js'
export { validateSubscribe } from './subscribe/validate.js'
