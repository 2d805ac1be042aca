// A charge's `Idempotency-Key` (the host's `ChargeCall.idempotencyKey`, which the dev panel's
// backend sends as this header): the platform charges once per key, and answers a charge sent
// again with it (a retry after a lost answer, the 504 of the `timeout` outcome) with the first
// one's answer, charging nothing.

import type { Context } from 'hono'
import type { EmulatorState } from '../../state.js'

/** The answers kept, at most: the oldest goes first. */
const KEEP = 1_000

/** How long a key may be: the header names one charge, not a payload. */
const MAX_KEY = 200

export type Answers = EmulatorState['idempotent']

/**
 * The answer of an earlier charge sent with this request's key (the same user, widget and
 * route), if any, and how to remember this one's: `remember` keeps `answer` under the key.
 *
 * @example
 * const { before, remember } = idempotent(kit.state.idempotent, c, 'pay')
 * if (before) return c.json(before)
 */
export function idempotent(
  answers: Answers,
  c: Context,
  route: string,
): { before?: object; remember(answer: object): void } {
  const key = c.req.header('idempotency-key')
  if (!key || key.length > MAX_KEY) return { remember: () => {} }
  const id = JSON.stringify([c.req.param('user_id'), c.req.param('app_key'), route, key])
  const before = answers.get(id)
  return {
    ...(before && { before }),
    remember(answer) {
      answers.set(id, answer)
      if (answers.size > KEEP) answers.delete(answers.keys().next().value as string)
    },
  }
}
