/// <reference types="platform-widget-sdk/global" />
// The widget: connects to the panel, shows the doctor's name from the platform (through your
// backend, which holds the developer key) and sells "Pro" (verified by your backend).
import config from '../platform.config.json'

/** This widget's key, as platform.config.json registers it. */
export const APP_KEY = config.apps[0]!.app_key

/** POSTs JSON to this widget's backend (`/api/…`; Vite forwards it to server/index.ts). */
async function callBackend<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = await response.json()
  if (!response.ok) throw new Error(answer.message ?? `${path} answered ${response.status}`)
  return answer as T
}

/** Why a call failed, for the page: a platform error's code, else its message. */
function reason(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string }
  return code ? `${code}: ${message}` : String(message ?? error)
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
      const session_token = await window.platform.getSessionToken({
        scope: ['provider.profile.read'],
      })
      const { doctor } = await callBackend<{ doctor: { name: string } }>('/api/session', {
        session_token,
      })
      result.textContent = `Hello, ${doctor.name}`
    } catch (error) {
      result.textContent = reason(error)
    }
  })

  root.querySelector('#buy')!.addEventListener('click', async () => {
    try {
      const paid = await window.platform.payment.pay({ product_key: 'pro' })
      if (paid.event !== 'PLATFORM_PAYMENT_SUCCESS') {
        result.textContent = paid.event === 'PLATFORM_PAYMENT_CANCEL' ? 'Cancelled' : paid.message
        return
      }
      // Never trust the page with a payment: your backend verifies the receipt.
      await callBackend('/api/verify', { receipt_id: paid.receipt_id })
      result.textContent = 'Pro is yours'
    } catch (error) {
      result.textContent = reason(error)
    }
  })
}
