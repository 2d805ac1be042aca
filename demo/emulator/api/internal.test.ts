import { describe, expect, it } from 'vitest'
import { fixtureSuite, PANEL } from '../test-harness.js'

const { s, call } = fixtureSuite()

describe('internal endpoints', () => {
  it('allow CORS for the demo panel origin only', async () => {
    const ok = await call('/internal/users/dr-1/sms', { headers: { origin: PANEL } })
    expect(ok.headers.get('access-control-allow-origin')).toBe(PANEL)
    const other = await call('/internal/users/dr-1/sms', {
      headers: { origin: 'http://evil.example' },
    })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
    const api = await call('/v1/rx/service-types', { headers: { origin: PANEL } })
    expect(api.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answer the panel only: another origin or no Origin at all is refused, reads too', async () => {
    const noOrigin = (path: string, init: RequestInit = {}) => s.emulator.app.request(path, init)
    for (const [path, init] of [
      [
        '/internal/users/dr-1/apps/demo-doctor/session-tokens',
        { method: 'POST', body: '{"scopes":[]}' },
      ],
      ['/internal/users/dr-1/apps/demo-doctor/sms/activate', { method: 'POST' }],
      [
        '/internal/users/dr-1/apps/demo-doctor/sms/charge',
        { method: 'POST', body: '{"count":100,"price":0}' },
      ],
      ['/internal/users/dr-1/sms', {}],
      ['/internal/activity', {}],
    ] as const) {
      const res = await noOrigin(path, { ...init, headers: { 'content-type': 'application/json' } })
      expect(res.status, path).toBe(403)
      expect(((await res.json()) as { error: string }).error).toBe('FORBIDDEN_ORIGIN')
      const evil = await noOrigin(path, {
        ...init,
        headers: { 'content-type': 'application/json', origin: 'http://localhost:4401' },
      })
      expect(evil.status, path).toBe(403)
    }
    expect(s.emulator.state.users.get('dr-1')!.sms).toEqual({ active: false, credit: 0 })
    expect(s.emulator.state.sessionTokens.size).toBe(0)
  })

  it('refuse state changes that come from another origin', async () => {
    const res = await call('/internal/users/dr-1/apps/demo-doctor/sms/activate', {
      method: 'POST',
      headers: { origin: 'http://evil.example' },
    })
    expect(res.status).toBe(403)
    expect(s.emulator.state.users.get('dr-1')!.sms.active).toBe(false)
  })

  it('reset brings the fixtures back', async () => {
    await call('/internal/users/dr-1/apps/demo-doctor/sms/activate', { method: 'POST' })
    expect(s.emulator.state.users.get('dr-1')!.sms.active).toBe(true)
    await call('/internal/reset', { method: 'POST' })
    expect(s.emulator.state.users.get('dr-1')!.sms.active).toBe(false)
  })
})
