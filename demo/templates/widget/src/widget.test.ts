// @vitest-environment happy-dom
// The page with a test panel: the real SDK and a real host in this window, registered from
// platform.config.json as the dev panel registers it. The backend is faked here (its own tests
// run it against the emulator: server/app.test.ts).
import { createTestHost, type TestHost } from 'platform-widget-sdk/testing'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import config from '../platform.config.json'
import { mountWidget } from './widget'

/** A fake backend: answers each path with a body, and records the calls. */
function fakeBackend(answers: Record<string, unknown>) {
  const calls: { path: string; body: unknown }[] = []
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    calls.push({ path, body: JSON.parse(String(init.body)) })
    return Response.json(answers[path] ?? { message: 'no such route' }, {
      status: path in answers ? 200 : 404,
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

  it('has the backend verify a payment for Pro', async () => {
    const calls = fakeBackend({ '/api/verify': { pro: true } })
    expect(await click(root, '#buy')).toBe('Pro is yours')
    expect(kit.backend.charges).toHaveLength(1)
    expect(calls).toEqual([
      { path: '/api/verify', body: { receipt_id: kit.backend.charges[0]?.receipt_id } },
    ])
  })

  it('verifies nothing when the doctor cancels the payment', async () => {
    const calls = fakeBackend({})
    kit.next('payment', 'cancel')
    expect(await click(root, '#buy')).toBe('Cancelled')
    expect(calls).toEqual([])
  })
})
