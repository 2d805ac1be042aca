// The control client against the emulator, served over HTTP: a sandbox per test, a session token
// the server kit exchanges, a payment verifyPayment accepts, SMS, a scenario the platform client
// feels; errors as PlatformApiError, an unreachable emulator as NETWORK_ERROR naming the URL.
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Emulator } from '../../demo/emulator/app.js'
import { sampleWidgets as apps, testEmulator } from '../../demo/emulator/test-harness.js'
import {
  createEmulatorControl,
  createPlatformClient,
  type EmulatorSandbox,
  ErrorCode,
  exchangeSessionToken,
  PlatformApiError,
  PlatformError,
  verifyPayment,
} from './index.js'

let emulator: Emulator
let server: ReturnType<typeof serve>
let url: string
/** The webhooks the emulator sent: to this fake, never to localhost:4401 (a running demo). */
const webhooks: { url: string; type: string; data: Record<string, unknown> }[] = []

beforeAll(async () => {
  emulator = testEmulator({
    apps,
    webhooks: {
      fetch: async (input, init) => {
        const request = new Request(input, init)
        const { type, data } = JSON.parse(await request.text())
        webhooks.push({ url: request.url, type, data })
        return new Response(null, { status: 204 })
      },
      retryDelaysMs: [],
    },
  })
  await new Promise<void>((resolve) => {
    server = serve({ fetch: emulator.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve())
  })
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  emulator.stop()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})
afterEach(() => {
  vi.unstubAllEnvs()
})

async function rejection(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(PlatformError)
  return error as PlatformError
}

/** A sandbox for one test, ended after it. */
async function withSandbox(test: (sandbox: EmulatorSandbox) => Promise<void>) {
  const sandbox = await createEmulatorControl({ baseUrl: url }).createSandbox()
  try {
    await test(sandbox)
  } finally {
    await sandbox.delete()
  }
}

describe('createEmulatorControl', () => {
  it('a sandbox: a session token the server kit exchanges, against the sandbox only', () =>
    withSandbox(async (sandbox) => {
      expect(sandbox.url).toBe(`${url}/sandboxes/${sandbox.id}`)
      expect(sandbox.control.baseUrl).toBe(sandbox.url)
      const apiKey = sandbox.apps.find((a) => a.app_key === 'demo-doctor')!.developer_key
      const minted = await sandbox.control.mintSessionToken({
        app_key: 'demo-doctor',
        scopes: ['provider.sms.read'],
      })
      const wrongPlace = await rejection(
        exchangeSessionToken({ appKey: 'demo-doctor', apiKey, baseUrl: url, ...minted_(minted) }),
      )
      expect(wrongPlace.code).toBe(ErrorCode.INVALID_SESSION_TOKEN)
      const accessToken = await exchangeSessionToken({
        appKey: 'demo-doctor',
        apiKey,
        baseUrl: sandbox.url,
        ...minted_(minted),
      })
      await sandbox.control.setSms({ app_key: 'demo-doctor', activated: true, credit: 9 })
      const platform = createPlatformClient({ baseUrl: sandbox.url, accessToken })
      expect((await platform.GET('/v1/sms/balance')).data).toEqual({ credit: 9 })
      expect(emulator.state.users.get('dr-1')!.sms.credit).toBe(0)
    }))

  it('completes a payment verifyPayment accepts', () =>
    withSandbox(async (sandbox) => {
      const paid = await sandbox.control.completePayment({
        app_key: 'demo-doctor',
        kind: 'subscribe',
        plan_key: 'monthly',
        payload: { seat: 3 },
      })
      const apiKey = sandbox.apps.find((a) => a.app_key === 'demo-doctor')!.developer_key
      const verified = await verifyPayment({
        appKey: 'demo-doctor',
        apiKey,
        baseUrl: sandbox.url,
        receiptId: paid.receipt_id,
      })
      expect(verified).toMatchObject({ kind: 'subscription', key: 'monthly', payload: { seat: 3 } })
      await vi.waitFor(() =>
        expect(webhooks.map((w) => [w.type, w.data.receipt_id])).toContainEqual([
          'subscription.succeeded',
          paid.receipt_id,
        ]),
      )
    }))

  it('a payment declined by its outcome: PlatformApiError 402, nothing paid, no webhook', () =>
    withSandbox(async (sandbox) => {
      const before = webhooks.length
      const declined = await rejection(
        sandbox.control.completePayment({
          app_key: 'demo-doctor',
          kind: 'pay',
          product_key: 'pro',
          outcome: 'insufficient_funds',
        }),
      )
      expect(declined).toBeInstanceOf(PlatformApiError)
      expect((declined as PlatformApiError).status).toBe(402)
      expect((declined as PlatformApiError).body.error).toBe('INSUFFICIENT_FUNDS')
      expect(await sandbox.control.listWebhookDeliveries()).toEqual([])
      expect(webhooks.length).toBe(before)
    }))

  it('triggers, lists, reads and resends webhooks, typed', () =>
    withSandbox(async ({ control }) => {
      const sent = await control.triggerWebhook({
        type: 'payment.succeeded',
        app_key: 'demo-doctor',
        data: { payload: { order: 7 } },
      })
      expect(sent).toMatchObject({ app_key: 'demo-doctor', type: 'payment.succeeded' })
      expect(sent.status).toBe('delivered')
      const other = await control.triggerWebhook({
        type: 'installation.created',
        app_key: 'demo-booking',
      })
      expect((await control.listWebhookDeliveries()).map((d) => d.id)).toEqual([other.id, sent.id])
      const mine = await control.listWebhookDeliveries({ app_key: 'demo-doctor' })
      expect(mine.map((d) => d.id)).toEqual([sent.id])
      expect((await control.getWebhookDelivery(sent.id)).event.data).toMatchObject({
        payload: { order: 7 },
      })
      const again = await control.resendWebhook(sent.id)
      expect(again.id).toBe(sent.id)
      expect(again.attempts).toBeGreaterThan(sent.attempts)
      const missing = await rejection(control.resendWebhook('evt_nope'))
      expect((missing as PlatformApiError).body.error).toBe('DELIVERY_NOT_FOUND')
    }))

  it('sets, reads and clears a scenario the platform client then meets', () =>
    withSandbox(async ({ control }) => {
      const set = await control.setScenario({
        fail: { status: 503, times: 1, path_prefix: '/v1/' },
      })
      expect(set.fail).toEqual({ status: 503, times: 1, path_prefix: '/v1/' })
      expect((await control.getScenario()).fail?.times).toBe(1)
      const platform = createPlatformClient({ baseUrl: control.baseUrl, accessToken: 'x' })
      const failed = await rejection(platform.GET('/v1/sms/balance'))
      expect(failed).toBeInstanceOf(PlatformApiError)
      expect((failed as PlatformApiError).status).toBe(503)
      await control.setScenario({ token_ttl: { session: 7 } })
      expect((await control.mintSessionToken({ app_key: 'demo-doctor' })).expires_in).toBe(7)
      expect((await control.clearScenario()).token_ttl.session).toBe(60)
      await control.setScenario({ decline_next_payments: 1 })
      await control.reset()
      expect((await control.getScenario()).decline_next_payments).toBe(0)
    }))

  it('the raw client reaches every operation', () =>
    withSandbox(async ({ control }) => {
      const { data: sms } = await control.client.PUT('/control/v1/sms', {
        body: { app_key: 'demo-doctor', user_id: 'dr-2', credit: 2 },
      })
      expect(sms).toEqual({ user_id: 'dr-2', activated: true, credit: 2 })
      const { data: scenario } = await control.client.GET('/control/v1/scenario')
      expect(scenario?.delay_ms).toBe(0)
    }))

  it('rejects an error answer with PlatformApiError, its status and code', async () => {
    const control = createEmulatorControl({ baseUrl: url })
    const error = await rejection(control.mintSessionToken({ app_key: 'no-such-widget' }))
    expect(error).toBeInstanceOf(PlatformApiError)
    expect((error as PlatformApiError).status).toBe(404)
    expect((error as PlatformApiError).body.error).toBe('APP_NOT_FOUND')
    const gone = await rejection(control.deleteSandbox('sbx_nope'))
    expect((gone as PlatformApiError).body.error).toBe('SANDBOX_NOT_FOUND')
  })

  it('NETWORK_ERROR names the URL it tried', async () => {
    const control = createEmulatorControl({ baseUrl: 'http://127.0.0.1:1' })
    const error = await rejection(control.reset())
    expect(error.code).toBe(ErrorCode.NETWORK_ERROR)
    expect(error.message).toContain('POST http://127.0.0.1:1/control/v1/reset')
  })

  it('takes PLATFORM_URL without baseUrl, and INVALID_ARGUMENT without either', async () => {
    vi.stubEnv('PLATFORM_URL', url)
    expect(createEmulatorControl().baseUrl).toBe(url)
    expect((await createEmulatorControl().getScenario()).delay_ms).toBe(0)
    vi.stubEnv('PLATFORM_URL', '')
    const missing = await rejection(Promise.resolve().then(() => createEmulatorControl()))
    expect(missing.code).toBe(ErrorCode.INVALID_ARGUMENT)
    expect(missing.message).toMatch(/baseUrl.*PLATFORM_URL/)
    const wrong = await rejection(
      Promise.resolve().then(() => createEmulatorControl({ baseUrl: 'ftp://x' })),
    )
    expect(wrong.message).toContain('"ftp://x"')
  })
})

const minted_ = (minted: { session_token: string }) => ({ sessionToken: minted.session_token })
