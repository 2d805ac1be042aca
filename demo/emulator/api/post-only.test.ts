// A POST-only URL the dev command prints, opened in a browser: 405, Allow: POST, how to call it.
import { describe, expect, it } from 'vitest'
import { harness } from '../test-harness.js'

const { emulator } = harness()
const ORIGIN = 'http://127.0.0.1:4402'

describe('POST-only widget-management URLs opened with GET', () => {
  it.each([
    ['/api/v1/apps/demo-doctor/oauth/access_token', 'the token exchange', '"session_token"'],
    ['/api/v1/apps/demo-doctor/monetization/verify', 'monetization verify', '"receipt_id"'],
    ['/api/v1/apps/demo-doctor/monetization/receipts', 'creating a receipt', '"user_id"'],
    [
      '/api/v1/apps/demo-doctor/billing/provider-service/refund',
      'a doctor-service refund',
      '"receipt_id"',
    ],
  ])(
    'GET %s answers 405 with Allow: POST and one line on how to call it',
    async (path, what, field) => {
      const res = await emulator.app.request(`${ORIGIN}${path}`)
      expect(res.status).toBe(405)
      expect(res.headers.get('allow')).toBe('POST')
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
      const text = await res.text()
      expect(text.trim().split('\n')).toHaveLength(1)
      expect(text).toContain(`${what} takes POST only`)
      expect(text).toContain(`curl -X POST ${ORIGIN}${path} -H 'x-api-key: <developer key>'`)
      expect(text).toContain("-H 'content-type: application/json'")
      expect(text).toContain(field)
    },
  )

  it('leaves POST as it was, and other GETs a 404', async () => {
    const post = await emulator.app.request(
      `${ORIGIN}/api/v1/apps/demo-doctor/oauth/access_token`,
      { method: 'POST' },
    )
    expect(post.status).toBe(401)
    const other = await emulator.app.request(`${ORIGIN}/api/v1/apps/demo-doctor/nothing`)
    expect(other.status).toBe(404)
  })
})
