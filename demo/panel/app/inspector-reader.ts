// The inspector's reads of the emulator's logs for the widget shown: its webhook deliveries and
// its backend's platform calls, again every POLL milliseconds while the drawer is open.

import type { HttpBackend, WebhookDelivery } from './backend.js'
import type { PlatformCall } from './inspector-platform.js'

/** Milliseconds between two reads of the webhook log, while the drawer is open. */
const POLL = 1500

/** What the last reads gave, or why they failed. */
export interface Reads {
  deliveries: WebhookDelivery[]
  webhookProblem: string
  platformCalls: PlatformCall[]
  platformProblem: string
}

export interface Reader {
  /** Changed in place by each read. */
  readonly reads: Reads
  /** Reads now, then every POLL ms while the drawer is open. */
  start(): void
  /** No next read (a read under way schedules none, the drawer being shut). */
  stop(): void
  /** Forgets the deliveries and platform calls read (another widget is shown). */
  reset(): void
}

const problemOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

export function createReader(options: {
  backend: Pick<HttpBackend, 'webhookDeliveries' | 'platformCalls'>
  /** The widget shown: a read for another one is dropped. */
  current: () => string
  isOpen: () => boolean
  /** Told after each read that was kept. */
  changed: () => void
}): Reader {
  const reads: Reads = {
    deliveries: [],
    webhookProblem: '',
    platformCalls: [],
    platformProblem: '',
  }
  let poll: ReturnType<typeof setTimeout> | undefined

  const read = async () => {
    const app_key = options.current()
    const [hooksRead, callsRead] = await Promise.allSettled([
      options.backend.webhookDeliveries(app_key),
      options.backend.platformCalls(app_key),
    ])
    if (app_key !== options.current()) return
    if (hooksRead.status === 'fulfilled') {
      reads.deliveries = hooksRead.value
      reads.webhookProblem = ''
    } else reads.webhookProblem = problemOf(hooksRead.reason)
    if (callsRead.status === 'fulfilled') {
      reads.platformCalls = callsRead.value
      reads.platformProblem = ''
    } else reads.platformProblem = problemOf(callsRead.reason)
    options.changed()
    if (!options.isOpen()) return
    // Reads can overlap (closed and opened again while one is under way): one timer, not two.
    clearTimeout(poll)
    poll = setTimeout(read, POLL)
  }

  return {
    reads,
    start() {
      clearTimeout(poll)
      void read()
    },
    stop() {
      clearTimeout(poll)
      poll = undefined
    },
    reset() {
      reads.deliveries = []
      reads.platformCalls = []
    },
  }
}
