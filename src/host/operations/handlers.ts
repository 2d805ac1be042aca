import type { HostMethodName } from '../../events/operations.js'
import type { Handler } from '../types.js'
import { getSessionToken } from './consent.js'
import { openLink } from './links.js'
import { flow, redirect } from './navigation.js'
import { pay, payForDoctorService, subscribe } from './payments.js'
import { profile } from './profile.js'
import { smsActivate, smsCharge } from './sms.js'

/**
 * The handler of each operation of the table (`src/events/operations.ts`), but for those the
 * session answers itself (`initialize`, `resize`, `bye`): a row without its handler does not
 * compile.
 */
export const HANDLERS: Record<Exclude<HostMethodName, 'initialize' | 'resize' | 'bye'>, Handler> = {
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
