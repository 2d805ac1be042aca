// `platform-widget-dev/emulator`: the emulator alone on a free port, with a dev config's widgets.
import { afterEach, describe, expect, it } from 'vitest'
import { type RunningEmulator, startEmulator } from './start-emulator.js'

const config = {
  apps: [{ app_key: 'my-widget', url: 'http://localhost:5173/', developer_key: 'dk_my_own_key' }],
}

describe('startEmulator', () => {
  const started: RunningEmulator[] = []
  afterEach(async () => {
    await Promise.all(started.splice(0).map((emulator) => emulator.close()))
  })

  it("answers on a free port of 127.0.0.1, with the config's widgets and their credentials", async () => {
    const emulator = await startEmulator({ config })
    started.push(emulator)
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(emulator.apps).toEqual([
      {
        app_key: 'my-widget',
        app_id: '20001',
        developer_key: 'dk_my_own_key',
        webhook_secret: expect.stringMatching(/^whsec_/),
        url: 'http://localhost:5173/',
        webhook_url: 'http://localhost:5173/api/webhooks',
      },
    ])
    // The widget is registered with its own key (a forged session token is then 400, a wrong
    // key 401); the sample widgets are not (the dev command's, 401 whatever the key).
    const exchange = (key: string, app = 'my-widget') =>
      fetch(`${emulator.url}/api/v1/apps/${app}/oauth/access_token`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ session_token: 'st_forged' }),
      })
    expect((await exchange('dk_my_own_key')).status).toBe(400)
    expect((await exchange('dk_wrong_key')).status).toBe(401)
    expect((await exchange('dk_my_own_key', 'demo-doctor')).status).toBe(401)
  })

  it('starts two at once, each with secrets of its own, and close frees the port', async () => {
    const [a, b] = await Promise.all([startEmulator({ config }), startEmulator({ config })])
    started.push(a!, b!)
    expect(a!.url).not.toBe(b!.url)
    expect(a!.apps[0]!.webhook_secret).not.toBe(b!.apps[0]!.webhook_secret)
    await a!.close()
    await expect(fetch(`${a!.url}/openapi.json`)).rejects.toThrow()
    expect((await fetch(`${b!.url}/openapi.json`)).status).toBe(200)
  })

  it('names a bad config as the dev command does', async () => {
    await expect(startEmulator({ config: { apps: [{ app_key: 'a b' }] } })).rejects.toThrow(
      'config: apps[0].app_key: expected a key like "my-widget"',
    )
    await expect(startEmulator({ config: 'no-such-file.json' })).rejects.toThrow(
      /Cannot read the config file .*no-such-file\.json/,
    )
  })
})
