// The backend against the dev platform's emulator, as a browser test drives it: the page's calls
// carry the test's sandbox (platform-widget-dev/playwright adds the header), and the backend,
// started once, sends their platform calls to that sandbox.
import { createEmulatorControl, type EmulatorSandbox } from 'platform-widget-server'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import config from '../platform.config.json'
import { createApp, SANDBOX_HEADER, sandboxUrl } from './app'

const APP_KEY = config.apps[0]!.app_key

// Two tests' calls never see each other's tokens, consent or receipts.
describe("a browser test's sandbox, named by the page's call", () => {
  const platformUrl = inject('platformUrl')
  const emulator = createEmulatorControl({ baseUrl: platformUrl })
  const sandboxes: EmulatorSandbox[] = []
  let backend!: ReturnType<typeof createApp>

  beforeAll(async () => {
    sandboxes.push(await emulator.createSandbox(), await emulator.createSandbox())
    // A sandbox keeps the dev platform's keys: the backend's one key serves them all.
    const mine = sandboxes[0]!.apps.find((app) => app.app_key === APP_KEY)!
    backend = createApp({
      appKey: APP_KEY,
      apiKey: mine.developer_key,
      webhookSecret: mine.webhook_secret,
      platformUrl,
    })
  })
  afterAll(() => Promise.all(sandboxes.map((s) => s.delete())))

  const session = (token: string, sandbox?: string) =>
    backend.request('/api/session', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(sandbox ? { [SANDBOX_HEADER]: sandbox } : {}),
      },
      body: JSON.stringify({ session_token: token }),
    })

  it("answers each test's token in its own sandbox only", async () => {
    const [a, b] = sandboxes as [EmulatorSandbox, EmulatorSandbox]
    const mint = async (sandbox: EmulatorSandbox) =>
      (
        await sandbox.control.mintSessionToken({
          app_key: APP_KEY,
          user_id: 'dr-1',
          scopes: ['provider.profile.read'],
        })
      ).session_token
    const [inA, inB] = [await mint(a), await mint(b)]
    expect((await session(inA, a.id)).status).toBe(200)
    expect((await session(inB, b.id)).status).toBe(200)
    // Another test's sandbox, or the dev platform's own state, has never seen the token.
    expect((await session(await mint(a), b.id)).status).toBe(401)
    expect((await session(await mint(b), a.id)).status).toBe(401)
    expect((await session(await mint(a))).status).toBe(401)
  })

  it('refuses a malformed sandbox id, and ignores the header against a real platform', async () => {
    const answer = await session('st_x', '../control/v1/reset')
    expect(answer.status).toBe(400)
    expect(await answer.json()).toMatchObject({ error: 'INVALID_INPUT' })
    expect(sandboxUrl('https://platform.example/', 'sbx_1')).toBeUndefined()
    expect(sandboxUrl('http://127.0.0.1:7602/', 'sbx_1')).toBe(
      'http://127.0.0.1:7602/sandboxes/sbx_1',
    )
    expect(sandboxUrl('http://127.0.0.1:7602', undefined)).toBeUndefined()
  })
})
