// One byte budget over the delivery logs of an emulator and its sandboxes.

import { WEBHOOK_LOG_BUDGET_BYTES, type WebhookDelivery } from './webhook-types.js'

/** A delivery log under a {@link WebhookBudget}: its sender. */
export interface Keeper {
  /** The log as it is now (a reset replaces it). */
  log(): WebhookDelivery[]
  /** Ends a delivery taken out of the log: no retry of it runs. */
  drop(delivery: WebhookDelivery): void
}

/**
 * One byte budget over several delivery logs (the emulator's and its sandboxes'), so that a
 * local program triggering large events into many sandboxes cannot grow the emulator's memory
 * without end. A log joins when its sender starts and leaves when it stops (a sandbox deleted,
 * dropped or closed); a reset's new log counts from empty.
 */
export class WebhookBudget {
  private readonly keepers = new Set<Keeper>()
  private readonly sizes = new WeakMap<WebhookDelivery, number>()
  /** When each delivery was logged, across every log: the oldest goes first. */
  private readonly order = new WeakMap<WebhookDelivery, number>()
  private logged = 0

  constructor(readonly maxBytes: number = WEBHOOK_LOG_BUDGET_BYTES) {}

  join(keeper: Keeper) {
    this.keepers.add(keeper)
  }

  leave(keeper: Keeper) {
    this.keepers.delete(keeper)
  }

  /** The bytes the logs keep now. */
  used(): number {
    let total = 0
    for (const keeper of this.keepers) {
      for (const delivery of keeper.log()) total += this.sizeOf(delivery)
    }
    return total
  }

  /**
   * Counts `delivery` (new, or grown by an attempt) and drops the oldest deliveries of every
   * log until the total fits; `delivery` itself is never the one dropped.
   */
  fit(delivery: WebhookDelivery) {
    if (!this.order.has(delivery)) this.order.set(delivery, ++this.logged)
    this.sizes.set(delivery, Buffer.byteLength(JSON.stringify(delivery)))
    let total = this.used()
    while (total > this.maxBytes) {
      let oldest: { keeper: Keeper; log: WebhookDelivery[] } | undefined
      let first = Number.POSITIVE_INFINITY
      for (const keeper of this.keepers) {
        const log = keeper.log()
        const head = log[0] === delivery ? log[1] : log[0]
        const at = head ? (this.order.get(head) ?? 0) : Number.POSITIVE_INFINITY
        if (at < first) {
          first = at
          oldest = { keeper, log }
        }
      }
      if (!oldest) return
      const { keeper, log } = oldest
      const [dropped] = log.splice(log[0] === delivery ? 1 : 0, 1)
      if (!dropped) return
      total -= this.sizeOf(dropped)
      keeper.drop(dropped)
    }
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
