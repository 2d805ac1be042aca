export type { RelaxedDefences } from '../host/host.js'
export type { DialogKind } from '../host/index.js'
export type { Limits } from '../host-kit/guard.js'
export { LIMITS } from '../host-kit/guard.js'
export {
  PAYMENT_OUTCOMES,
  type PaymentCalls,
  type PaymentOutcome,
  SMS_ACTIVATE_OUTCOMES,
  SMS_CHARGE_OUTCOMES,
  type SmsActivateOutcome,
  type SmsCalls,
  type SmsChargeOutcome,
  type TestOutcomes,
} from '../host-kit/test-outcomes.js'
export type { Answer } from './answers.js'
export type { ConfiguredWidget, DevConfig, DevConfigApp, DevConfigText } from './config.js'
export { widgetFromConfig } from './config.js'
export { createDevHost, type DevHostOptions } from './dev-host.js'
export type { MemoryBackend, MemoryBackendBehavior } from './memory-backend.js'
export { createMemoryBackend } from './memory-backend.js'
export { createTestHost } from './test-host.js'
// TestHostSeams is internal (the repository's unit rig): not an export of the entry.
export type { TestHost, TestHostOptions } from './test-host-types.js'
