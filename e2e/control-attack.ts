// What a web page the developer visits can send the emulator's control API without CORS, as
// functions run in that page (Playwright's `page.evaluate` and the engines' `driver.evaluate`
// both take them): e2e/control-api.spec.ts and e2e/engines/control.journeys.ts.

/** `no-cors` POSTs with text/plain bodies, their answers unreadable: how each one settled. */
export async function sendNoCors(list: { url: string; body: string }[]): Promise<string[]> {
  const results = await Promise.allSettled(
    list.map(({ url, body }) => fetch(url, { method: 'POST', mode: 'no-cors', body })),
  )
  return results.map((r) => r.status)
}

/**
 * A form whose text/plain body is the JSON of a payment, posting to `action`, with its button
 * (`#go`) at a fixed place; returns the button's centre for a real click.
 */
export function plantPaymentForm(action: string): { x: number; y: number } {
  const form = document.createElement('form')
  form.method = 'POST'
  form.action = action
  form.enctype = 'text/plain'
  const field = document.createElement('input')
  field.type = 'hidden'
  field.name = '{"app_key":"demo-doctor","kind":"pay","product_key":"pro","x":"'
  field.value = '"}'
  const button = document.createElement('button')
  button.id = 'go'
  button.textContent = 'Pay'
  button.style.cssText = 'position:fixed;left:20px;top:80px;width:120px;height:40px'
  form.append(field, button)
  document.body.append(form)
  const r = button.getBoundingClientRect()
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 }
}
