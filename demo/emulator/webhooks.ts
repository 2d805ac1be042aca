// Webhooks from the platform emulator. Each payment and installation event is signed with the
// widget's `whsec_…` secret (Standard Webhooks: HMAC-SHA256 over `id.timestamp.body`, with the
// `standardwebhooks` library) and POSTed to the widget's webhook URL, which must be on this
// machine. Delivery never holds up or breaks the API call that caused the event: it runs after
// the answer, with a timeout per attempt, and failed attempts are retried on a schedule long
// enough to outlast a backend restart (WEBHOOK_RETRY_DELAYS_MS). Every delivery is kept in a
// bounded log (the newest MAX_DELIVERIES), with the body and headers sent and every attempt's
// answer, read by `GET /webhooks`, `GET /internal/webhooks` and the control API. The logs of
// the emulator and all its sandboxes share one byte budget with their stored records
// (MemoryBudget): past it, the oldest deliveries of any of them go first.

import { randomBytes } from 'node:crypto'
import { isLocalWebhookUrl } from 'platform-widget-sdk/events'
import type { AppConfig } from '../shared/config-types.js'
import {
  MAX_ATTEMPTS_KEPT,
  MAX_DELIVERIES,
  WEBHOOK_DEFAULTS,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookEventType,
} from '../shared/webhook-types.js'
import { type Keeper, MemoryBudget } from './memory-budget.js'
import { type AttemptOutcome, postAttempt } from './webhook-attempt.js'
import { isOwnOrigin, ownOriginMessage } from './webhook-urls.js'

export * from '../shared/webhook-types.js'
export * from './webhook-urls.js'

export interface WebhookOptions {
  /** The `fetch` that delivers (tests pass their own). Default: the global one. */
  fetch?: typeof fetch
  /** Milliseconds one attempt may take. Default 5,000. */
  timeoutMs?: number
  /** The waits before each retry; its length is the number of retries. Default WEBHOOK_RETRY_DELAYS_MS. */
  retryDelaysMs?: readonly number[]
  /** The emulator's own origin, once known: nothing is sent there (it would call itself). */
  selfOrigin?: () => string | undefined
  /** The byte budget this log shares (the emulator's and its sandboxes'). Default: one of its own. */
  budget?: MemoryBudget
  /** The sandbox this sender is of (`sbx_…`): named in every event it sends, and a header. */
  sandbox?: string
}

/** A resend that cannot be sent: the widget has no webhook URL on this machine now. */
export class WebhookNotSendableError extends Error {
  override name = 'WebhookNotSendableError'
}

export interface WebhookSender {
  /** Logs the event and starts delivering it; returns at once, never throws. */
  send(app: AppConfig, type: WebhookEventType, data: Record<string, unknown>): WebhookDelivery
  /**
   * Sends a logged delivery again, as a new series of attempts: the same body and `webhook-id`,
   * a fresh timestamp and signature, to `app`'s webhook URL with its secret. A retry waiting is
   * dropped. Throws {@link WebhookNotSendableError} when `app` has no local webhook URL.
   */
  resend(delivery: WebhookDelivery, app: AppConfig): WebhookDelivery
  /** Resolves once every delivery started so far is delivered, failed or skipped. */
  settled(): Promise<void>
  /**
   * Stops for good: every series ends (failed, "the emulator stopped"), attempts under way are
   * aborted, none queued or due starts, and a later send is skipped. Resolves once the attempts
   * under way have ended.
   */
  stop(): Promise<void>
}

/** Why a URL gets nothing, or undefined when it may be sent to. */
function unsendable(url: string | null, self: string | undefined): string | undefined {
  if (url === null) return 'No webhook URL is configured for this widget'
  if (!isLocalWebhookUrl(url))
    return 'The emulator sends webhooks to localhost, 127.0.0.1 or [::1] only'
  if (self && isOwnOrigin(url, self)) return ownOriginMessage(self)
  return undefined
}

const STOPPED = 'Retries cancelled: the emulator stopped'

/** The delivery's sender, so a control route holding only the delivery can resend it. */
const owners = new WeakMap<WebhookDelivery, Internals>()
/** Called after each attempt of a delivery ends. */
const listeners = new WeakMap<WebhookDelivery, Set<() => void>>()

interface Internals {
  resend(delivery: WebhookDelivery, app: AppConfig): WebhookDelivery
}

/** Resends a logged delivery with the sender that logged it (see {@link WebhookSender.resend}). */
export function resendDelivery(delivery: WebhookDelivery, app: AppConfig): WebhookDelivery {
  const owner = owners.get(delivery)
  if (!owner) throw new WebhookNotSendableError('This delivery was not logged by a running sender')
  return owner.resend(delivery, app)
}

/**
 * Resolves when the delivery's next attempt ends, or at once when none is under way or waiting
 * to start, or after `timeoutMs`: a caller can then show the receiver's answer.
 */
export function nextAttemptEnded(delivery: WebhookDelivery, timeoutMs: number): Promise<void> {
  if (delivery.status !== 'pending' || delivery.next_attempt_at) return Promise.resolve()
  return new Promise((resolve) => {
    const set = listeners.get(delivery) ?? new Set()
    listeners.set(delivery, set)
    const done = () => {
      clearTimeout(timer)
      set.delete(done)
      resolve()
    }
    const timer = setTimeout(done, timeoutMs)
    timer.unref?.()
    set.add(done)
  })
}

const iso = (ms: number) => new Date(ms).toISOString()

/** Tells whoever waits for a delivery's next attempt (nextAttemptEnded) that it ended. */
function notify(delivery: WebhookDelivery) {
  for (const listener of [...(listeners.get(delivery) ?? [])]) listener()
}

/** A series of attempts under way or waiting to retry. */
interface Series {
  /** The log the delivery was logged in: another one now means a reset. */
  log: WebhookDelivery[]
  /** Settles `settled()`'s wait for it. */
  end: () => void
}

/**
 * The sender behind {@link createWebhookSender}: a class so that each step (start a series,
 * queue an attempt, take its outcome, wait for a retry) is a method of its own over shared maps.
 */
class Sender implements WebhookSender, Internals {
  private readonly post: typeof fetch
  private readonly timeoutMs: number
  private readonly retryDelays: readonly number[]
  private readonly self: () => string | undefined
  /** Each series under way or waiting to retry. */
  private readonly series = new Map<WebhookDelivery, Series>()
  private readonly ended = new Set<Promise<void>>()
  /** The retry each delivery waits for. */
  private readonly timers = new Map<WebhookDelivery, ReturnType<typeof setTimeout>>()
  /** The last attempt started to each URL: a receiver gets its events in the order they happened. */
  private readonly tails = new Map<string, Promise<void>>()
  /** Set by stop(): checked before each attempt and each retry, so nothing runs after it. */
  private stopped = false
  /** Aborts the attempts under way when the sender stops. */
  private readonly halt = new AbortController()
  private readonly budget: MemoryBudget
  private readonly sandbox: string | undefined
  /** This sender's log as the budget sees it. */
  private readonly keeper: Keeper

  constructor(
    private readonly log: () => WebhookDelivery[],
    private readonly now: () => number,
    options: WebhookOptions,
  ) {
    this.post = options.fetch ?? ((input, init) => fetch(input, init))
    this.timeoutMs = options.timeoutMs ?? WEBHOOK_DEFAULTS.timeoutMs
    this.retryDelays = options.retryDelaysMs ?? WEBHOOK_DEFAULTS.retryDelaysMs
    this.self = options.selfOrigin ?? (() => undefined)
    this.budget = options.budget ?? new MemoryBudget()
    this.sandbox = options.sandbox
    this.keeper = { log: this.log, drop: (delivery) => this.finish(delivery) }
    this.budget.join(this.keeper)
  }

  send(app: AppConfig, type: WebhookEventType, data: Record<string, unknown>) {
    this.sweep()
    const id = `evt_${randomBytes(16).toString('hex')}`
    const event: WebhookEvent = {
      type,
      id,
      created_at: iso(this.now()),
      app_key: app.app_key,
      ...(this.sandbox !== undefined && { sandbox: this.sandbox }),
      data,
    }
    const delivery: WebhookDelivery = {
      id,
      app_key: app.app_key,
      type,
      url: app.webhook_url ?? null,
      status: 'pending',
      attempts: 0,
      event,
      body: JSON.stringify(event),
      history: [],
      series: 1,
    }
    owners.set(delivery, this)
    const entries = this.log()
    entries.push(delivery)
    if (entries.length > MAX_DELIVERIES) {
      for (const dropped of entries.splice(0, entries.length - MAX_DELIVERIES)) {
        this.finish(dropped)
      }
    }
    this.budget.fit(delivery)
    this.start(delivery, app, entries)
    return delivery
  }

  resend(delivery: WebhookDelivery, app: AppConfig) {
    this.sweep()
    const url = app.webhook_url ?? null
    const reason = unsendable(url, this.self())
    if (reason) throw new WebhookNotSendableError(reason)
    this.finish(delivery)
    delivery.url = url
    delivery.series++
    delete delivery.delivered_at
    delete delivery.error
    this.start(delivery, app, this.log())
    return delivery
  }

  async settled() {
    this.sweep()
    while (this.ended.size) await Promise.all([...this.ended])
  }

  async stop() {
    this.stopped = true
    // Its log no longer counts (nor is anything dropped from it for another's sake).
    this.budget.leave(this.keeper)
    this.halt.abort()
    for (const delivery of [...this.series.keys()]) {
      this.fail(delivery, STOPPED)
    }
    await Promise.all([...this.tails.values()])
  }

  /** Starts a series of attempts (the first, or a resend's). */
  private start(delivery: WebhookDelivery, app: AppConfig, entries: WebhookDelivery[]) {
    const url = delivery.url
    const reason = this.stopped ? 'Not sent: the emulator stopped' : unsendable(url, this.self())
    if (reason || url === null) {
      delivery.status = 'skipped'
      delivery.error = reason
      return
    }
    let end!: () => void
    const done = new Promise<void>((resolve) => {
      end = resolve
    })
    this.ended.add(done)
    void done.then(() => this.ended.delete(done))
    this.series.set(delivery, { log: entries, end })
    delivery.status = 'pending'
    this.queue(delivery, app, url, 1)
  }

  /** Queues attempt `tries` of the delivery's current series behind the URL's last attempt. */
  private queue(delivery: WebhookDelivery, app: AppConfig, url: string, tries: number) {
    if (this.stopped) return
    const number = delivery.series
    const task = (this.tails.get(url) ?? Promise.resolve()).then(async () => {
      if (this.stopped || number !== delivery.series || !this.series.has(delivery)) return
      // Counted when it starts: a delivery whose receiver hangs shows the attempt under way.
      delivery.attempts++
      let outcome: AttemptOutcome
      try {
        const { post, timeoutMs, now } = this
        outcome = await postAttempt({
          post,
          timeoutMs,
          stop: this.halt.signal,
          now,
          delivery,
          url,
          secret: app.webhook_secret,
          sandbox: this.sandbox,
        })
      } catch (error) {
        this.fail(
          delivery,
          `The widget's webhook secret is not usable: ${(error as Error).message}`,
        )
        return notify(delivery)
      }
      delivery.headers = outcome.entry.headers
      // A resend started meanwhile owns the status now, and a series ended meanwhile (a stop, a
      // reset, dropped from the log) has its final one: this attempt is history only.
      if (number === delivery.series && this.series.has(delivery))
        this.take(delivery, outcome, () => this.wait(delivery, app, url, tries))
      delivery.history.push(outcome.entry)
      if (delivery.history.length > MAX_ATTEMPTS_KEPT) delivery.history.shift()
      // The answer's excerpt made it bigger: still in its log, it is counted again.
      if (this.log().includes(delivery)) this.budget.fit(delivery)
      notify(delivery)
    })
    const tail = task.catch(() => undefined)
    this.tails.set(url, tail)
    void tail.then(() => {
      if (this.tails.get(url) === tail) this.tails.delete(url)
    })
  }

  /** Updates the delivery from an attempt's outcome; `retry` schedules the next one. */
  private take(delivery: WebhookDelivery, { entry, retry }: AttemptOutcome, again: () => boolean) {
    if (entry.response_status === undefined) delete delivery.response_status
    else delivery.response_status = entry.response_status
    if (entry.error === undefined) {
      delivery.status = 'delivered'
      delivery.delivered_at = iso(this.now())
      delete delivery.error
      this.finish(delivery)
    } else if (!retry || !again()) {
      this.fail(delivery, entry.error)
    } else {
      delivery.error = entry.error
    }
  }

  /** Schedules the retry after attempt `tries`; false when the schedule is over. */
  private wait(delivery: WebhookDelivery, app: AppConfig, url: string, tries: number): boolean {
    if (this.stopped || tries > this.retryDelays.length) return false
    const wait = this.retryDelays[tries - 1] ?? 0
    delivery.next_attempt_at = iso(this.now() + wait)
    const timer = setTimeout(() => {
      this.timers.delete(delivery)
      delete delivery.next_attempt_at
      if (this.series.get(delivery)?.log !== this.log()) {
        return this.fail(delivery, 'Retries cancelled: the emulator was reset')
      }
      this.queue(delivery, app, url, tries + 1)
    }, wait)
    // A retry waiting to happen does not keep the process alive.
    timer.unref?.()
    this.timers.set(delivery, timer)
    return true
  }

  private fail(delivery: WebhookDelivery, error: string) {
    delivery.status = 'failed'
    delivery.error = error
    this.finish(delivery)
  }

  /** Ends the delivery's series: its retry waiting, if any, is dropped. */
  private finish(delivery: WebhookDelivery) {
    const timer = this.timers.get(delivery)
    if (timer) clearTimeout(timer)
    this.timers.delete(delivery)
    delete delivery.next_attempt_at
    this.series.get(delivery)?.end()
    this.series.delete(delivery)
  }

  /** Drops the retries of deliveries whose log was replaced (a reset). */
  private sweep() {
    const current = this.log()
    for (const [delivery, entry] of this.series) {
      if (entry.log !== current && this.timers.has(delivery)) {
        this.fail(delivery, 'Retries cancelled: the emulator was reset')
      }
    }
  }
}

/**
 * @param log The delivery log to append to (a function: the emulator's state is replaced on
 *   reset; a retry of a delivery no longer in the current log is dropped).
 * @param now The emulator's clock, in ms: `created_at` and the signed `webhook-timestamp`.
 */
export function createWebhookSender(
  log: () => WebhookDelivery[],
  now: () => number,
  options: WebhookOptions = {},
): WebhookSender {
  return new Sender(log, now, options)
}
