// `createEmulatorBackend`: the `BackendAdapter` a panel of your own uses against the emulator,
// called as a browser page at the panel's origin would (with its `Origin`).
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { createEmulatorBackend } from './backend.js'
import { type RunningEmulator, startEmulator } from './start-emulator.js'

const MINE = 'http://localhost:5173'
const config = {
  apps: [
    {
      app_key: 'my-widget',
      url: 'http://localhost:5174/',
      scopes: ['provider.profile.read'],
      products: [{ key: 'pro', title: 'Pro', price: 50_000 }],
    },
  ],
}
let emulator: RunningEmulator
const realFetch = globalThis.fetch

beforeEach(async () => {
  emulator = await startEmulator({ config, panelOrigins: [MINE] })
  // What a browser adds to every cross-origin fetch from the panel's page.
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) =>
    realFetch(input, { ...init, headers: { ...(init.headers ?? {}), origin: MINE } }),
  )
})
afterEach(async () => {
  vi.unstubAllGlobals()
  await emulator.close()
})

it('keeps consent, issues tokens, charges and reads SMS in the emulator', async () => {
  const backend = createEmulatorBackend({ emulator: emulator.url })
  expect(await backend.getConsent('my-widget')).toEqual([])
  await backend.recordConsent('my-widget', ['provider.profile.read'])
  expect(await backend.getConsent('my-widget')).toEqual(['provider.profile.read'])
  const token = await backend.issueSessionToken({
    app_key: 'my-widget',
    scopes: ['provider.profile.read'],
  })
  expect(token).toEqual(expect.any(String))
  const { receipt_id } = await backend.pay({
    app_key: 'my-widget',
    product_key: 'pro',
    amount: 50_000,
  } as Parameters<typeof backend.pay>[0])
  expect(receipt_id).toMatch(/^pay_/)
  expect(await backend.smsStatus()).toEqual({ active: false })
  expect(backend.testOutcomes.outcomes).toContain('declined')
  expect(Object.keys(backend)).not.toContain('webhookDeliveries')
})

it("throws the emulator's message for a refused call", async () => {
  const backend = createEmulatorBackend({ emulator: emulator.url, user: 'nobody' })
  await expect(backend.smsStatus()).rejects.toThrow('Unknown user')
  vi.stubGlobal('fetch', realFetch)
  await expect(createEmulatorBackend({ emulator: emulator.url }).smsStatus()).rejects.toThrow(
    'Only a panel (http://localhost:5173) may call this',
  )
})

it('asks for a receipt in the language its locale function reads at each look-up', async () => {
  let language: 'fa' | 'en' = 'fa'
  const asked: string[] = []
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
    asked.push(String(input))
    return realFetch(input, { ...init, headers: { ...(init.headers ?? {}), origin: MINE } })
  })
  const backend = createEmulatorBackend({ emulator: emulator.url, locale: () => language })
  const look = () =>
    Promise.resolve(backend.lookupReceipt('my-widget', 'rcpt_none')).catch(() => {})
  await look()
  language = 'en'
  await look()
  const locales = asked
    .filter((url) => url.includes('/receipts/'))
    .map((url) => new URL(url).searchParams.get('locale'))
  expect(locales).toEqual(['fa', 'en'])
})
