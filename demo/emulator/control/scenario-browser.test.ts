// A web page the developer visits can reach the emulator (`<img src="http://127.0.0.1:4402/v1/x">`,
// a form, a no-cors fetch): its requests must not use up or trigger a test's scenario. Only a
// call without browser signs and with credentials (Authorization, x-api-key or app_id), as a
// backend makes it, waits or counts down `fail.times`.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ControlHarness, controlHarness, SAMPLE_DOCTOR as DOCTOR } from '../test-harness.js'

let h: ControlHarness
beforeEach(() => {
  h = controlHarness()
})
afterEach(() => {
  vi.useRealTimers()
})

/** What a browser sends with an `<img>`, a form POST and a no-cors fetch from another site. */
const BROWSER: Record<string, string>[] = [
  { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
  { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
  { origin: 'null' },
  // A page cannot send x-api-key without a preflight; a browser sign alone is enough to pass.
  { 'x-api-key': DOCTOR.developer_key, 'sec-fetch-site': 'cross-site' },
]
const BACKEND = { 'x-api-key': DOCTOR.developer_key }

describe('the scenario and requests a backend did not send', () => {
  it('a browser request or one without credentials never consumes fail.times', async () => {
    await h.call('PUT', '/control/v1/scenario', { json: { fail: { status: 503, times: 1 } } })
    for (const headers of [...BROWSER, {}]) {
      const res = await h.call('GET', '/v1/sms/balance', { headers })
      expect(res.status, JSON.stringify(headers)).not.toBe(503)
    }
    expect(h.emulator.state.scenario.fail?.times).toBe(1)
    // The backend's call still meets it, once.
    expect((await h.call('GET', '/v1/sms/balance', { headers: BACKEND })).status).toBe(503)
    expect(h.emulator.state.scenario.fail).toBeNull()
  })

  it('a browser request or one without credentials is not delayed', async () => {
    // On a fake clock: whether a call waits for a timer, never the wall clock (a loaded machine).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    await h.call('PUT', '/control/v1/scenario', { json: { delay_ms: 300 } })
    /** Starts the call; answers whether it was answered with the clock standing still. */
    const answeredAtOnce = async (headers: Record<string, string>) => {
      let answered = false
      const call = h.call('GET', '/v1/sms/balance', { headers }).then(() => {
        answered = true
      })
      for (let i = 0; i < 100 && !answered; i++) {
        await new Promise((resolve) => setImmediate(resolve))
      }
      const timers = vi.getTimerCount()
      await vi.advanceTimersByTimeAsync(300)
      await call
      return answered && timers === 0
    }
    for (const headers of [...BROWSER, {}]) {
      expect(await answeredAtOnce(headers), JSON.stringify(headers)).toBe(true)
    }
    expect(await answeredAtOnce(BACKEND)).toBe(false)
  })
})
