import { ErrorCode, PlatformError } from '../../events/index.js'

/**
 * One dialog at a time per host. Requests that may queue (consent) wait their turn; the others
 * (payments, SMS) are refused with `DIALOG_BUSY` while any dialog is open or waiting, so a
 * user never faces two payments in a row that they did not start. Turns go round the widgets:
 * the next turn goes to the first waiter of another widget than the last holder, so one widget
 * never holds up another's for more than one dialog.
 */
export interface DialogSlot {
  readonly busy: boolean
  /** Resolves with the slot's release once the caller holds it. */
  acquire(request: SlotRequest): Promise<() => void>
}

/** A request for the slot. */
export interface SlotRequest {
  /** Wait for a turn while the slot is held (consent); without, refused with `DIALOG_BUSY`. */
  queue?: boolean
  /** The call's own end: aborted, the request leaves the queue with `CONNECTION_CLOSED`. */
  signal: AbortSignal
  /** How long to wait for a turn, in ms, before `TIMEOUT`. */
  timeout: number
  /** The widget asking (its `app_key`): turns go round the owners. */
  owner?: string
}

export function createSlot(): DialogSlot {
  let held = false
  let holder: string | undefined
  const waiters: { owner: string | undefined; turn: () => void }[] = []
  const release = () => {
    const i = waiters.findIndex((w) => w.owner !== holder)
    const next = waiters.splice(i < 0 ? 0 : i, 1)[0]
    if (next) {
      holder = next.owner
      next.turn()
    } else held = false
  }
  const once = () => {
    let done = false
    return () => {
      if (!done) {
        done = true
        release()
      }
    }
  }
  return {
    get busy() {
      return held
    },
    acquire({ queue = false, signal, timeout, owner }) {
      if (signal.aborted) return Promise.reject(closed())
      if (!held) {
        held = true
        holder = owner
        return Promise.resolve(once())
      }
      if (!queue) {
        return Promise.reject(new PlatformError(ErrorCode.DIALOG_BUSY, 'Another dialog is open'))
      }
      return new Promise((resolve, reject) => {
        const stop = (error: PlatformError) => {
          waiters.splice(waiters.indexOf(waiter), 1)
          clearTimeout(timer)
          signal.removeEventListener('abort', onAbort)
          reject(error)
        }
        const onAbort = () => stop(closed())
        const timer = setTimeout(
          () => stop(new PlatformError(ErrorCode.TIMEOUT, 'Waited too long for the open dialog')),
          timeout,
        )
        const turn = () => {
          clearTimeout(timer)
          signal.removeEventListener('abort', onAbort)
          resolve(once())
        }
        const waiter = { owner, turn }
        waiters.push(waiter)
        signal.addEventListener('abort', onAbort)
      })
    },
  }
}

function closed() {
  return new PlatformError(ErrorCode.CONNECTION_CLOSED, 'The widget went away')
}
