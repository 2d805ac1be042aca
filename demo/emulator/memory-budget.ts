// One byte budget over what an emulator and its sandboxes keep in memory: their webhook delivery
// logs, and the records a local program makes (receipts, chat, bot and SMS messages,
// installations), each widget's records within a share of their own.

import type { WebhookDelivery } from '../shared/webhook-types.js'

/**
 * The bytes the emulator and all its sandboxes keep together, each item counted as its JSON: a
 * delivery as the log serves it (body, headers, attempts), a receipt or message as it is stored.
 * Receipts and messages may fill it all; the delivery logs take what they leave. About 1,000
 * receipts with the largest payload (16 KiB), or some 40,000 with a 200-byte one; an ordinary
 * delivery is 1 to 3 KiB.
 */
export const MEMORY_BUDGET_BYTES = 16 * 1024 * 1024

/**
 * The records one widget (one developer key) may keep, across the emulator and its sandboxes: a
 * quarter of the budget, so one widget's receipts or installations cannot leave the others none.
 */
export const WIDGET_SHARE_BYTES = MEMORY_BUDGET_BYTES / 4

/** A delivery log under a {@link MemoryBudget}: its sender. Its oldest entries may be dropped. */
export interface Keeper {
  /** The log as it is now (a reset replaces it). */
  log(): WebhookDelivery[]
  /** Ends a delivery taken out of the log: no retry of it runs. */
  drop(delivery: WebhookDelivery): void
}

/**
 * What an emulator keeps until a reset (receipts, messages, installations), by widget: counted,
 * never dropped, since a program relies on it (a receipt it created must still verify); only
 * the program itself gives some back (an installation removed).
 */
export interface Store {
  /** The bytes it keeps now for `widget` (a developer key), or for all of them. */
  bytes(widget?: string): number
  /** Counts `bytes` more for `widget`, once admitted (fewer, when negative). */
  add(widget: string, bytes: number): void
}

/** Why a record was not kept, for the error the caller answers. */
export interface Refusal {
  /** `widget`: that widget's share is full; `emulator`: the records of all of them fill it. */
  full: 'widget' | 'emulator'
  /** The share or the budget, in bytes. */
  max_bytes: number
  /** What the records under it (that widget's, or every widget's) take now. */
  stored_bytes: number
}

const isKeeper = (member: Keeper | Store): member is Keeper => 'log' in member

/**
 * One byte budget over the delivery logs and the stores of an emulator and its sandboxes, so a
 * local program sending large events, receipts or messages, into many sandboxes, cannot grow
 * the emulator's memory without end. A member joins when its emulator starts and leaves when
 * it stops (a sandbox deleted, dropped or closed); a reset's new state counts from empty.
 *
 * Past the budget a log loses its oldest deliveries, of whichever log; a store is refused
 * ({@link admit}) once the stores alone would pass it, the logs making room for what it takes.
 */
export class MemoryBudget {
  private readonly keepers = new Set<Keeper>()
  private readonly stores = new Set<Store>()
  private readonly sizes = new WeakMap<WebhookDelivery, number>()
  /** When each delivery was logged, across every log: the oldest goes first. */
  private readonly order = new WeakMap<WebhookDelivery, number>()
  private logged = 0

  constructor(
    readonly maxBytes: number = MEMORY_BUDGET_BYTES,
    readonly shareBytes: number = Math.floor(maxBytes / 4),
  ) {}

  join(member: Keeper | Store) {
    if (isKeeper(member)) this.keepers.add(member)
    else this.stores.add(member)
  }

  leave(member: Keeper | Store) {
    if (isKeeper(member)) this.keepers.delete(member)
    else this.stores.delete(member)
  }

  /** The bytes the logs and stores keep now. */
  used(): number {
    return this.logBytes() + this.stored()
  }

  /** The bytes the stores keep now: for `widget` (a developer key), or for all. */
  stored(widget?: string): number {
    let total = 0
    for (const store of this.stores) total += store.bytes(widget)
    return total
  }

  /**
   * Counts `bytes` more in `store` for `widget` if they fit both its share and the budget,
   * dropping the logs' oldest deliveries to make room; else changes nothing and answers why.
   */
  admit(store: Store, widget: string, bytes: number): Refusal | undefined {
    const own = this.stored(widget)
    if (own + bytes > this.shareBytes) {
      return { full: 'widget', max_bytes: this.shareBytes, stored_bytes: own }
    }
    const stored = this.stored()
    if (stored + bytes > this.maxBytes) {
      return { full: 'emulator', max_bytes: this.maxBytes, stored_bytes: stored }
    }
    store.add(widget, bytes)
    this.shrink()
    return undefined
  }

  /** Counts `bytes` fewer in `store` for `widget`: records it no longer keeps. */
  release(store: Store, widget: string, bytes: number) {
    store.add(widget, -Math.min(bytes, store.bytes(widget)))
  }

  /**
   * Counts `delivery` (new, or grown by an attempt) and drops the oldest deliveries of every
   * log until the total fits; `delivery` itself is never the one dropped.
   */
  fit(delivery: WebhookDelivery) {
    if (!this.order.has(delivery)) this.order.set(delivery, ++this.logged)
    this.sizes.set(delivery, Buffer.byteLength(JSON.stringify(delivery)))
    this.shrink(delivery)
  }

  /** Drops the oldest deliveries of any log, but `kept`, until the total fits. */
  private shrink(kept?: WebhookDelivery) {
    let total = this.used()
    while (total > this.maxBytes) {
      let oldest: { keeper: Keeper; log: WebhookDelivery[] } | undefined
      let first = Number.POSITIVE_INFINITY
      for (const keeper of this.keepers) {
        const log = keeper.log()
        const head = log[0] === kept ? log[1] : log[0]
        const at = head ? (this.order.get(head) ?? 0) : Number.POSITIVE_INFINITY
        if (at < first) {
          first = at
          oldest = { keeper, log }
        }
      }
      if (!oldest) return
      const { keeper, log } = oldest
      const [dropped] = log.splice(log[0] === kept ? 1 : 0, 1)
      if (!dropped) return
      total -= this.sizeOf(dropped)
      keeper.drop(dropped)
    }
  }

  private logBytes(): number {
    let total = 0
    for (const keeper of this.keepers) {
      for (const delivery of keeper.log()) total += this.sizeOf(delivery)
    }
    return total
  }

  private sizeOf(delivery: WebhookDelivery): number {
    let size = this.sizes.get(delivery)
    if (size === undefined) {
      size = Buffer.byteLength(JSON.stringify(delivery))
      this.sizes.set(delivery, size)
    }
    return size
  }
}
