// What keeps the control API to programs: a request a browser sent, or the emulator's own
// webhook, is refused before any route reads it (see ./index.ts and SECURITY.md).

import type { MiddlewareHandler } from 'hono'
import { controlError } from './schemas.js'

/**
 * Why a request looks sent by a browser, or undefined. A browser sends Origin on every POST (a
 * form, a `no-cors` fetch) and Sec-Fetch-Site and Sec-Fetch-Dest on every request to this
 * machine. Node's fetch (undici) sends `Sec-Fetch-Mode: cors` alone, and curl none of them:
 * that mode alone passes; any other mode (navigate, no-cors, same-origin) is a browser's.
 */
export function browserSign(header: (name: string) => string | undefined): string | undefined {
  const sent = ['origin', 'sec-fetch-site', 'sec-fetch-dest', 'sec-fetch-user'].filter(
    (name) => header(name) !== undefined,
  )
  const mode = header('sec-fetch-mode')
  if (mode !== undefined && mode !== 'cors') sent.push(`sec-fetch-mode: ${mode.slice(0, 20)}`)
  return sent.length ? sent.join(', ') : undefined
}

/** 403 CONTROL_FROM_BROWSER for a request a browser sent, before any route reads it. */
export const refuseBrowsers: MiddlewareHandler = async (c, next) => {
  const sign = browserSign((name) => c.req.header(name))
  if (sign) {
    return controlError(
      403,
      'CONTROL_FROM_BROWSER',
      `The control API answers programs only (Node's fetch, curl), never a browser: this request carries ${sign}`,
    )
  }
  await next()
}

/**
 * 403 CONTROL_FROM_WEBHOOK for a request carrying a Standard Webhooks header: the emulator's own
 * webhook sent to its control API (a webhook URL at the emulator's port). Its body is a valid
 * trigger body, so it would send itself again, forever; the sender refuses that URL too.
 */
export const refuseWebhooks: MiddlewareHandler = async (c, next) => {
  const sign = ['webhook-id', 'webhook-signature'].find((name) => c.req.header(name) !== undefined)
  if (sign) {
    return controlError(
      403,
      'CONTROL_FROM_WEBHOOK',
      `The control API does not answer webhooks (this request carries ${sign}): a widget's webhook URL must be its backend's route, not the emulator`,
    )
  }
  await next()
}
