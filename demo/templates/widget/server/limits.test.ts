// The backend's front door, before any route runs: this machine's names only in Host (a site
// rebound to 127.0.0.1 calls nothing), bodies of at most 64 KiB on every route (the webhook route
// too, which reads its body before it can check the signature), and /api from the page's own
// origin only when a browser calls it.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import config from '../platform.config.json'
import { createApp } from './app'

const PAGE = new URL(config.apps[0]!.url).origin
const app = createApp({
  appKey: config.apps[0]!.app_key,
  apiKey: 'dk_unused',
  webhookSecret: `whsec_${randomBytes(32).toString('base64')}`,
  // Nothing here reaches the platform: every request is refused or fails its own checks first.
  platformUrl: 'http://127.0.0.1:9',
})

const json = { 'content-type': 'application/json' }
const call = (path: string, init: RequestInit = {}) =>
  app.request(`http://127.0.0.1:8787${path}`, { method: 'POST', ...init })
const read = async (res: Response) => ({ status: res.status, body: await res.json() })

describe('bodies', () => {
  const big = `{"session_token":"${'x'.repeat(64 * 1024)}"}`

  it.each(['/api/session', '/api/verify', '/webhooks/platform'])(
    '%s refuses a body over 64 KiB with 413',
    async (path) => {
      const res = await read(await call(path, { headers: json, body: big }))
      expect(res).toMatchObject({ status: 413, body: { error: 'PAYLOAD_TOO_LARGE' } })
    },
  )

  it('refuses a chunked body (no Content-Length) once it passes 64 KiB', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024))
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Far more than the limit: the route must stop reading, not take it all.
        if (sent++ < 64) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const res = await call('/webhooks/platform', {
      headers: json,
      body,
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    expect(sent).toBeLessThan(64)
  })

  it('reads a body under the limit as before', async () => {
    const res = await read(await call('/webhooks/platform', { headers: json, body: '{}' }))
    expect(res).toMatchObject({ status: 400, body: { error: 'INVALID_WEBHOOK_SIGNATURE' } })
  })
})

describe('Host', () => {
  it.each(['evil.example', 'evil.example:8787', '127.0.0.1.nip.io:8787', ''])(
    'refuses Host %j with 403 before any route',
    async (host) => {
      for (const path of ['/api/session', '/webhooks/platform']) {
        const res = await call(path, { headers: { ...json, host }, body: '{}' })
        expect(res.status, path).toBe(403)
        expect((await res.json()).error).toBe('FORBIDDEN_HOST')
      }
    },
  )

  it.each(['localhost:8787', '127.0.0.1:8787', '[::1]:8787', 'LOCALHOST'])(
    'answers Host %s',
    async (host) => {
      const res = await read(await call('/api/session', { headers: { ...json, host }, body: '{}' }))
      expect(res).toMatchObject({ status: 400, body: { error: 'INVALID_INPUT' } })
    },
  )
})

describe('Origin on /api', () => {
  it.each(['https://evil.example', 'http://localhost:5174', 'http://127.0.0.1:5173', 'null'])(
    'refuses a call from %s with 403',
    async (origin) => {
      const res = await read(
        await call('/api/session', { headers: { ...json, origin }, body: '{}' }),
      )
      expect(res).toMatchObject({ status: 403, body: { error: 'FORBIDDEN_ORIGIN' } })
    },
  )

  it("answers the page's own origin (what Vite's proxy passes on) and a program (none)", async () => {
    for (const headers of [{ ...json, origin: PAGE }, json]) {
      const res = await read(await call('/api/session', { headers, body: '{}' }))
      expect(res).toMatchObject({ status: 400, body: { error: 'INVALID_INPUT' } })
    }
  })
})
