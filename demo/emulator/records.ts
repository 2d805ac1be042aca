// What the platform keeps of a widget's calls: the tokens it issued, its receipts (each charge
// made), and the SMS it sent.
import type { ScopeName } from 'platform-widget-sdk/events'
import type { Localized } from '../shared/config-types.js'

export interface SessionToken {
  user_id: string
  app_key: string
  scopes: ScopeName[]
  expires_at: number
  used: boolean
}

export interface AccessToken {
  user_id: string
  app_key: string
  scopes: ScopeName[]
  expires_at: number
}

export type ReceiptKind = 'receipt' | 'pay' | 'subscribe' | 'doctor-service' | 'sms'

/** Every receipt: the ones the platform issued for a widget, and every charge made. */
export interface ReceiptRecord {
  id: string
  app_key: string
  user_id: string
  kind: ReceiptKind
  title?: Localized
  /** Rials charged (for a doctor service: the payable amount, VAT included). */
  amount: number
  /** `issued`: waiting to be paid (platform receipts); `refunded`: a doctor service refunded. */
  status: 'issued' | 'paid' | 'refunded'
  /**
   * The widget's payload of the SDK call that paid it (JSON, as the panel sent it), or the one
   * its backend set when it created the receipt. Returned by verify and in the webhooks.
   */
  payload?: unknown
  /** The receipt was created by the widget's backend (`POST .../monetization/receipts`). */
  created_by_backend?: boolean
  product_key?: string
  plan_key?: string
  vat?: number
  service_amount?: number
  sms_count?: number
  created_at: number
  paid_at?: number
  verified_at?: number
  refunded_at?: number
}

export interface SentSms {
  id: string
  user_id: string
  app_key: string
  to: string
  text: string
  parts: number
  sent_at: number
}
