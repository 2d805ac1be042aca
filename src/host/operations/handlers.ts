import type { HostMethodName } from '../../events/operations.js'
import type { Handler } from '../types.js'
import { getSessionToken } from './consent.js'
import { openLink } from './links.js'
import { flow, redirect } from './navigation.js'
import { pay, payForDoctorService, subscribe } from './payments.js'
import { profile } from './profile.js'
import { smsActivate, smsCharge } from './sms.js'

/** The operations with a handler here; the session answers `initialize`, `resize` and `bye`. */
export type Handled = Exclude<HostMethodName, 'initialize' | 'resize' | 'bye'>

/**
 * The handler of each operation of the table (`src/events/operations.ts`), typed by its row: a
 * row without its handler, or a handler whose request or result disagrees with its row, does
 * not compile.
 */
export const HANDLERS: { [K in Handled]: Handler<K> } = {
  getSessionToken,
  openLink,
  redirect,
  flow,
  pay,
  subscribe,
  payForDoctorService,
  smsActivate,
  smsCharge,
  profile,
}
