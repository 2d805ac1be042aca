import { PlatformError } from '../events/index.js'
import { deserializeError, type Outcome } from '../events/wire.js'
import { failure, transportError } from './bridge-errors.js'

// The bridge's calls waiting for their REPLY: how a REPLY settles one, and their deadlines.

/** The fields of penpal's messages read here. */
export interface Wire {
  type: string
  callId: number
  value: unknown
  isError?: boolean
  isSerializedErrorInstance?: boolean
  participantId: string
  /** A CALL's: the host calls only `LOOK_METHOD`. */
  id: number
  methodPath: string[]
  args: unknown[]
}
/**
 * A call waiting for its REPLY: how to settle it, when it is due (a `Date.now()` time), and
 * what the TIMEOUT's message and a transport error need. A tuple: it minifies smaller.
 */
export type Pending = [
  resolve: (value: unknown) => void,
  reject: (error: unknown) => void,
  at: number,
  method: string,
  timeout: number,
  request: unknown,
]

/**
 * penpal's REPLY: the host's `Outcome` (its value, or its error as data), or penpal's own error
 * (a serialized one as `{ code, message }`).
 */
export function settle(
  [resolve, reject, , , , request]: Pending,
  { value, isError, isSerializedErrorInstance }: Wire,
) {
  if (isError) {
    const error = value as { penpalCode?: string; message?: string }
    reject(
      transportError(
        isSerializedErrorInstance ? failure(error.penpalCode ?? '', error.message) : value,
        request,
      ),
    )
  } else {
    const outcome = value as Outcome<unknown> | undefined
    if (outcome?.ok === true) resolve(outcome.value)
    else reject(deserializeError(outcome?.ok === false ? outcome.error : outcome))
  }
}

/**
 * Every pending call's deadline on one timer, armed for the earliest: calls of one kind share a
 * timeout and come in order, so a call answered in time costs no timer of its own. As
 * src/transport/deadlines.ts does for the host, but kept in the pending calls themselves, so a
 * call is one promise, not three. Returns `arm`, to call with the time a call added is due, and
 * `stop`, for when the connection closes.
 */
export function deadlineTimer(pending: Map<number, Pending>) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let armed = Number.POSITIVE_INFINITY
  const arm = (at: number) => {
    if (at < armed) {
      clearTimeout(timer)
      armed = at
      timer = setTimeout(sweep, at - Date.now())
    }
  }
  const sweep = () => {
    armed = Number.POSITIVE_INFINITY
    const now = Date.now()
    for (const [callId, call] of pending) {
      if (call[2] > now) arm(call[2])
      else {
        pending.delete(callId)
        call[1](new PlatformError('TIMEOUT', `${call[3]}() got no answer in ${call[4]} ms`))
      }
    }
  }
  return [arm, () => clearTimeout(timer)] as const
}
