import { ErrorCode, PlatformError } from '../events/index.js'

/**
 * One dialog at a time per host. Requests that may queue (consent) wait their turn; the others
 * (payments, SMS) are refused with `DIALOG_BUSY` while any dialog is open or waiting, so a
 * user never faces two payments in a row that they did not start.
 */
export interface DialogSlot {
  readonly busy: boolean
  acquire(queue: boolean, signal: AbortSignal, timeout: number): Promise<() => void>
}

export function createSlot(): DialogSlot {
  let held = false
  const waiters: (() => void)[] = []
  const release = () => {
    const next = waiters.shift()
    if (next) next()
    else held = false
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
    acquire(queue, signal, timeout) {
      if (signal.aborted) return Promise.reject(closed())
      if (!held) {
        held = true
        return Promise.resolve(once())
      }
      if (!queue) {
        return Promise.reject(new PlatformError(ErrorCode.DIALOG_BUSY, 'Another dialog is open'))
      }
      return new Promise((resolve, reject) => {
        const stop = (error: PlatformError) => {
          waiters.splice(waiters.indexOf(turn), 1)
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
        waiters.push(turn)
        signal.addEventListener('abort', onAbort)
      })
    },
  }
}

function closed() {
  return new PlatformError(ErrorCode.CONNECTION_CLOSED, 'The widget went away')
}
