// A small widget, written against window.platform only, as a widget developer would.

/** Connects the doctor's profile: asks for consent and hands the token to the widget backend. */
export async function connectProfile(
  send: (token: string) => Promise<void>,
): Promise<'connected' | 'declined'> {
  await window.platform.initialize({ app_key: 'test-widget' })
  try {
    await send(await window.platform.getSessionToken({ scope: ['provider.profile.read'] }))
    return 'connected'
  } catch (error) {
    if (window.platform.isPlatformError(error, 'USER_CLOSED_POPUP')) return 'declined'
    throw error
  }
}

/** Buys the Pro product; a success must then be verified by the widget backend. */
export async function buyPro(): Promise<string> {
  const result = await window.platform.payment.pay({
    product_key: 'pro',
    payload: { from: 'upsell' },
  })
  switch (result.event) {
    case 'PLATFORM_PAYMENT_SUCCESS':
      return `paid ${result.receipt_id}`
    case 'PLATFORM_PAYMENT_CANCEL':
      return 'cancelled'
    default:
      return `failed: ${result.message}`
  }
}

/** Opens the panel's settings page in a new tab: call it in a click handler. */
export function openSettings(): Promise<void> {
  return window.platform.redirect.dispatch({ path: '/settings/widgets', newContext: true })
}
