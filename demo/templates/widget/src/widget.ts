/// <reference types="platform-widget-sdk/global" />
// The widget: connects to the panel, shows the doctor's name from the platform (through your
// backend, which holds the developer key) and sells "Pro" (verified by your backend).
import config from '../platform.config.json'

/** This widget's key, as platform.config.json registers it. */
export const APP_KEY = config.apps[0]!.app_key

/** The scope this widget asks for: the doctor consents once, later tokens come without a dialog. */
const SCOPE = ['provider.profile.read'] as const

/** Your backend's refusal: its `{ error, message }` and the HTTP status. */
class BackendError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message)
  }
}

/** POSTs JSON to this widget's backend (`/api/…`; Vite forwards it to server/index.ts). */
async function callBackend<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = await response.json().catch(() => ({}))
  if (!response.ok) {
    const message = answer.message ?? `${path} answered ${response.status}`
    throw new BackendError(response.status, answer.error, message)
  }
  return answer as T
}

/**
 * The backend's refusals of the receipt itself: asking again with it cannot succeed. Anything
 * else (a refused or short-scoped session token, the platform busy or failing) spent no receipt.
 */
const RECEIPT_REFUSED = new Set([
  'PAYMENT_NOT_VERIFIED',
  'NOT_PRO',
  'WRONG_AMOUNT',
  'RECEIPT_OF_ANOTHER_USER',
])

/** Why a call failed, for the page: a platform error's or your backend's code, else its message. */
function reason(error: unknown): string {
  if (window.platform.isPlatformError(error)) return `${error.code}: ${error.message}`
  if (error instanceof BackendError && error.code) return `${error.code}: ${error.message}`
  return error instanceof Error ? error.message : String(error)
}

/** Builds the widget into `root` and connects it. Resolves once it is ready for clicks. */
export async function mountWidget(root: HTMLElement): Promise<void> {
  root.innerHTML = `
    <h1>My widget</h1>
    <p id="status">Connecting…</p>
    <button type="button" id="connect">Show my profile</button>
    <button type="button" id="buy">Buy Pro</button>
    <p id="result" role="status"></p>`
  const status = root.querySelector<HTMLElement>('#status')!
  const result = root.querySelector<HTMLElement>('#result')!

  try {
    const info = await window.platform.initialize({ app_key: APP_KEY })
    // Outside a panel's frame (this page opened on its own) there is no panel to connect to.
    status.textContent = info.embedded
      ? `Connected in ${info.context}`
      : `Open this page in the dev panel (${info.panelOrigin}/panel)`
  } catch (error) {
    status.textContent = `Not connected: ${reason(error)}`
    return
  }

  root.querySelector('#connect')!.addEventListener('click', async () => {
    try {
      // The doctor consents; your backend exchanges the token and calls the platform.
      const session_token = await window.platform.getSessionToken({ scope: [...SCOPE] })
      const { doctor } = await callBackend<{ doctor: { name: string } }>('/api/session', {
        session_token,
      })
      result.textContent = `Hello, ${doctor.name}`
    } catch (error) {
      result.textContent = reason(error)
    }
  })

  // A receipt paid but not yet granted (the doctor closed the consent, the backend was down):
  // the next click verifies it instead of charging again.
  let unverified: string | undefined
  const buy = root.querySelector<HTMLButtonElement>('#buy')!
  buy.addEventListener('click', async () => {
    try {
      if (!unverified) {
        const paid = await window.platform.payment.pay({ product_key: 'pro' })
        if (paid.event !== 'PLATFORM_PAYMENT_SUCCESS') {
          result.textContent = paid.event === 'PLATFORM_PAYMENT_CANCEL' ? 'Cancelled' : paid.message
          return
        }
        unverified = paid.receipt_id
      }
      // Never trust the page with a payment: your backend verifies the receipt, and the session
      // token tells it who is asking (a receipt id alone proves nothing). Consent is asked for
      // only if the doctor has not given it yet.
      const session_token = await window.platform.getSessionToken({ scope: [...SCOPE] })
      await callBackend('/api/verify', { session_token, receipt_id: unverified })
      unverified = undefined
      result.textContent = 'Pro is yours'
    } catch (error) {
      // The backend's refusal of the receipt is final (another user's, not Pro, not its price);
      // a refused token (no receipt was spent), a missing scope or a failing platform is worth
      // a retry.
      const final = error instanceof BackendError && RECEIPT_REFUSED.has(error.code ?? '')
      if (final) unverified = undefined
      result.textContent = reason(error)
    }
    buy.textContent = unverified ? 'Finish buying Pro' : 'Buy Pro'
  })
}
