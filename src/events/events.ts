import type { PanelLook } from './protocol.js'

/**
 * The `PLATFORM_*` result events of part 6 of the specification. Every payment or SMS call
 * resolves with an object whose `event` is one of these.
 *
 * @example
 * const result = await platform.payment.pay({ product_key: 'pro' })
 * if (result.event === PlatformEvent.PLATFORM_PAYMENT_SUCCESS) verify(result.receipt_id)
 */
export const PlatformEvent = {
  PLATFORM_PAYMENT_SUCCESS: 'PLATFORM_PAYMENT_SUCCESS',
  PLATFORM_PAYMENT_CANCEL: 'PLATFORM_PAYMENT_CANCEL',
  PLATFORM_PAYMENT_ERROR: 'PLATFORM_PAYMENT_ERROR',
  PLATFORM_PAYMENT_SUBSCRIBE_SUCCESS: 'PLATFORM_PAYMENT_SUBSCRIBE_SUCCESS',
  PLATFORM_PAYMENT_SUBSCRIBE_CANCEL: 'PLATFORM_PAYMENT_SUBSCRIBE_CANCEL',
  PLATFORM_PAYMENT_DOCTOR_SERVICE_SUCCESS: 'PLATFORM_PAYMENT_DOCTOR_SERVICE_SUCCESS',
  PLATFORM_PAYMENT_DOCTOR_SERVICE_CANCEL: 'PLATFORM_PAYMENT_DOCTOR_SERVICE_CANCEL',
  PLATFORM_PAYMENT_DOCTOR_SERVICE_ERROR: 'PLATFORM_PAYMENT_DOCTOR_SERVICE_ERROR',
  PLATFORM_SMS_ACTIVATE_SUCCESS: 'PLATFORM_SMS_ACTIVATE_SUCCESS',
  PLATFORM_SMS_ACTIVATE_CANCEL: 'PLATFORM_SMS_ACTIVATE_CANCEL',
  PLATFORM_SMS_ACTIVATE_ERROR: 'PLATFORM_SMS_ACTIVATE_ERROR',
  PLATFORM_SMS_CHARGE_SUCCESS: 'PLATFORM_SMS_CHARGE_SUCCESS',
} as const

export type PlatformEventName = (typeof PlatformEvent)[keyof typeof PlatformEvent]

import type { Payload } from './payload.js'

export type { Payload } from './payload.js'

/** What `payment.pay` resolves with. */
export type PayResult =
  | {
      event: 'PLATFORM_PAYMENT_SUCCESS'
      receipt_id: string
      product_key?: string
      payload?: Payload
    }
  | {
      event: 'PLATFORM_PAYMENT_CANCEL'
      product_key?: string
      receipt_id?: string
      payload?: Payload
    }
  | {
      event: 'PLATFORM_PAYMENT_ERROR'
      message: string
      product_key?: string
      receipt_id?: string
      payload?: Payload
    }

/** What `payment.subscribe` resolves with. */
export type SubscribeResult =
  | {
      event: 'PLATFORM_PAYMENT_SUBSCRIBE_SUCCESS'
      plan_key: string
      receipt_id: string
      payload?: Payload
    }
  | { event: 'PLATFORM_PAYMENT_SUBSCRIBE_CANCEL'; plan_key?: string; payload?: Payload }

/** Amounts of a doctor-service payment, all whole Rials. */
export interface DoctorServiceAmounts {
  /** What the widget asked for, VAT excluded. */
  amount: number
  /** `amount * 0.3 * 0.1`, rounded half up to a whole Rial. */
  vat: number
  /** `amount + vat`: what the patient pays. */
  payable: number
}

/** What `payment.payForDoctorService` resolves with. */
export type DoctorServiceResult =
  | ({
      event: 'PLATFORM_PAYMENT_DOCTOR_SERVICE_SUCCESS'
      receipt_id: string
      payload?: Payload
    } & DoctorServiceAmounts)
  | ({ event: 'PLATFORM_PAYMENT_DOCTOR_SERVICE_CANCEL'; payload?: Payload } & DoctorServiceAmounts)
  | ({
      event: 'PLATFORM_PAYMENT_DOCTOR_SERVICE_ERROR'
      message: string
      payload?: Payload
    } & DoctorServiceAmounts)

/** What `sms.activate` resolves with. */
export type SmsActivateResult =
  | { event: 'PLATFORM_SMS_ACTIVATE_SUCCESS' }
  | { event: 'PLATFORM_SMS_ACTIVATE_CANCEL' }
  | { event: 'PLATFORM_SMS_ACTIVATE_ERROR'; message: string }

/** What `sms.charge` resolves with. Closing the dialog rejects with `USER_CLOSED_POPUP`. */
export interface SmsChargeResult {
  event: 'PLATFORM_SMS_CHARGE_SUCCESS'
  /** Number of SMS bought. */
  count: number
  /** Price paid, in Rials. */
  price: number
  receipt_id: string
}

/** Any result object. */
export type PlatformResult =
  | PayResult
  | SubscribeResult
  | DoctorServiceResult
  | SmsActivateResult
  | SmsChargeResult

/** The result object whose `event` is `E`. */
export type ResultOf<E extends PlatformEventName> = Extract<PlatformResult, { event: E }>

/**
 * Sent to every widget when the panel's locale, direction or colour scheme changes (the panel
 * switched language or theme, or the user's system went dark with a theme that follows it): the
 * new look, whole. `initialize` gave the first one.
 *
 * @example
 * platform.on('PLATFORM_LOOK_CHANGED', ({ colorScheme }) => {
 *   document.documentElement.dataset.theme = colorScheme
 * })
 */
export interface LookChanged extends PanelLook {
  event: 'PLATFORM_LOOK_CHANGED'
}

/**
 * Listener map for `on()`: one callback per event name, the results of calls and the panel's
 * own `PLATFORM_LOOK_CHANGED`.
 */
export type PlatformEvents = { [E in PlatformEventName]: (result: ResultOf<E>) => void } & {
  PLATFORM_LOOK_CHANGED: (look: LookChanged) => void
}
