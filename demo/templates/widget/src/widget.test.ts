// @vitest-environment happy-dom
// The page with a test panel: the real SDK and a real host in this window, registered from
// platform.config.json as the dev panel registers it. The backend is faked here (its own tests
// run it against the emulator: server/app.test.ts).
import { createTestHost, type TestHost } from 'platform-widget-sdk/testing'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import config from '../platform.config.json'
import { mountWidget } from './widget'

/** A fake backend: answers each path with a body (status 200 unless `status` says), and records the calls. */
function fakeBackend(answers: Record<string, unknown>, status: Record<string, number> = {}) {
  const calls: { path: string; body: unknown }[] = []
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    calls.push({ path, body: JSON.parse(String(init.body)) })
    return Response.json(answers[path] ?? { message: 'no such route' }, {
      status: status[path] ?? (path in answers ? 200 : 404),
    })
  })
  return calls
}

/** Clicks a button and waits until the result line says something. */
async function click(root: HTMLElement, selector: string): Promise<string> {
  const result = root.querySelector('#result')!
  result.textContent = ''
  root.querySelector<HTMLButtonElement>(selector)!.click()
  await vi.waitFor(() => expect(result.textContent).not.toBe(''))
  return result.textContent ?? ''
}

describe('my widget', () => {
  let kit: TestHost
  let root: HTMLElement

  beforeEach(async () => {
    kit = createTestHost({ config })
    root = document.createElement('main')
    document.body.append(root)
    await mountWidget(root)
  })
  afterEach(() => {
    kit.destroy()
    root.remove()
    vi.unstubAllGlobals()
  })

  it('connects to the panel', () => {
    expect(root.querySelector('#status')?.textContent).toBe('Connected in doctor-panel')
  })

  it('sends the session token to the backend and shows the doctor', async () => {
    const calls = fakeBackend({ '/api/session': { doctor: { id: 'dr-1', name: 'Sara Ahmadi' } } })
    expect(await click(root, '#connect')).toBe('Hello, Sara Ahmadi')
    expect(kit.requestedScopes).toEqual([['provider.profile.read']])
    expect(calls).toEqual([
      { path: '/api/session', body: { session_token: kit.backend.tokens[0]?.token } },
    ])
  })

  it('says so when the doctor declines, and calls no backend', async () => {
    const calls = fakeBackend({})
    kit.next('consent', 'close')
    expect(await click(root, '#connect')).toMatch(/^USER_CLOSED_POPUP/)
    expect(calls).toEqual([])
  })

  /** The page's one call to verify: the first receipt, with the first session token. */
  const verifyOfFirstCharge = () => ({
    path: '/api/verify',
    body: {
      session_token: kit.backend.tokens[0]?.token,
      receipt_id: kit.backend.charges[0]?.receipt_id,
    },
  })

  it('pays, then sends the receipt with a session token for the backend to verify', async () => {
    const calls = fakeBackend({ '/api/verify': { pro: true, user_id: 'dr-1' } })
    expect(await click(root, '#buy')).toBe('Pro is yours')
    // The payment first, then consent: the doctor has not given it yet.
    expect(kit.dialogs.map((dialog) => dialog.kind)).toEqual(['payment', 'consent'])
    expect(kit.requestedScopes).toEqual([['provider.profile.read']])
    expect(kit.backend.charges).toHaveLength(1)
    expect(calls).toEqual([verifyOfFirstCharge()])
  })

  it('asks no consent again once the doctor has given it', async () => {
    fakeBackend({
      '/api/session': { doctor: { id: 'dr-1', name: 'Sara Ahmadi' } },
      '/api/verify': { pro: true, user_id: 'dr-1' },
    })
    await click(root, '#connect')
    expect(await click(root, '#buy')).toBe('Pro is yours')
    expect(kit.dialogs.map((dialog) => dialog.kind)).toEqual(['consent', 'payment'])
    expect(kit.backend.tokens).toHaveLength(2)
  })

  it('keeps a paid receipt when the doctor closes the consent, and verifies it without charging again', async () => {
    const calls = fakeBackend({ '/api/verify': { pro: true, user_id: 'dr-1' } })
    kit.next('consent', 'close')
    expect(await click(root, '#buy')).toMatch(/^USER_CLOSED_POPUP/)
    expect(calls).toEqual([])
    expect(root.querySelector('#buy')?.textContent).toBe('Finish buying Pro')
    expect(await click(root, '#buy')).toBe('Pro is yours')
    expect(kit.backend.charges).toHaveLength(1)
    expect(calls).toEqual([verifyOfFirstCharge()])
    expect(root.querySelector('#buy')?.textContent).toBe('Buy Pro')
  })

  // After the backend refuses: a refused receipt is final, the next click is a new purchase; a
  // refused token (no receipt spent), a missing scope, the platform's 429 or its failing keeps
  // the receipt for the next click.
  it.each([
    { status: 403, error: 'RECEIPT_OF_ANOTHER_USER', button: 'Buy Pro', charges: 2 },
    { status: 402, error: 'NOT_PRO', button: 'Buy Pro', charges: 2 },
    { status: 402, error: 'WRONG_AMOUNT', button: 'Buy Pro', charges: 2 },
    { status: 401, error: 'INVALID_SESSION_TOKEN', button: 'Finish buying Pro', charges: 1 },
    { status: 403, error: 'INSUFFICIENT_SCOPE', button: 'Finish buying Pro', charges: 1 },
    { status: 429, error: 'RATE_LIMITED', button: 'Finish buying Pro', charges: 1 },
    { status: 502, error: 'BACKEND_ERROR', button: 'Finish buying Pro', charges: 1 },
  ])('shows a $status $error with its code; then the button says $button', async (row) => {
    fakeBackend(
      { '/api/verify': { error: row.error, message: 'refused' } },
      {
        '/api/verify': row.status,
      },
    )
    expect(await click(root, '#buy')).toBe(`${row.error}: refused`)
    expect(root.querySelector('#buy')?.textContent).toBe(row.button)
    await click(root, '#buy')
    expect(kit.backend.charges).toHaveLength(row.charges)
  })

  it('verifies nothing when the doctor cancels the payment', async () => {
    const calls = fakeBackend({})
    kit.next('payment', 'cancel')
    expect(await click(root, '#buy')).toBe('Cancelled')
    expect(calls).toEqual([])
  })
})
