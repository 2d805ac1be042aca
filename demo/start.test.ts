// The startup banner: every sample widget's own origin, and your widgets after them.
import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { loadFixtures } from './emulator/state.js'
import { demoApps, parseConfig, portsFrom, sampleOrigins } from './lib/config.js'
import { listen } from './lib/http.js'
import { portHint } from './lib/ports.js'
import { memorySecretStore } from './lib/secrets.js'
import { banner } from './start.js'

describe('the startup banner', () => {
  it('names each sample widget with its own origin, and your widget with its own', () => {
    const config = parseConfig(['--port', '4500', '--app', 'mine=http://localhost:5173/'], {})
    const { apps } = demoApps(loadFixtures(), config, memorySecretStore())
    const widgets = sampleOrigins(portsFrom(4500))
    const text = banner(
      {
        origins: { panel: 'http://127.0.0.1:4500', widgets, emulator: 'http://127.0.0.1:4502' },
        apps,
        close: async () => {},
      },
      config,
    )
    expect(text).toContain(
      'Sample widgets   http://localhost:4501/  http://localhost:4503/  http://localhost:4504/',
    )
    expect(text).toContain('demo-doctor, demo-booking, demo-profile')
    expect(text).toContain('  demo-doctor  http://localhost:4501/doctor/')
    expect(text).toContain('  demo-booking  http://localhost:4503/booking-addon/')
    expect(text).toContain('  demo-profile  http://localhost:4504/profile-widget/')
    expect(text).toMatch(/Your widgets:\n {2}mine {2}http:\/\/localhost:5173\//)
    expect(text).toContain('Emulator         http://127.0.0.1:4502/')
    // The webhook log, and the commands that send to and read it.
    expect(text).toContain(
      'Webhooks sent    http://127.0.0.1:4502/webhooks  (platform-widget-dev trigger <event> --app KEY, resend <id>, deliveries)',
    )
    // What a backend sets to reach the emulator (the client has no default host), and where
    // this installation's secrets are.
    expect(text).toContain('    export PLATFORM_URL=http://127.0.0.1:4502\n')
    expect(text).toContain("baseUrl: 'http://127.0.0.1:4502'")
    // The POST-only URLs it prints answer a GET with how to call them (emulator/api/post-only.ts).
    expect(text).toContain(
      'token exchange: POST http://127.0.0.1:4502/api/v1/apps/mine/oauth/access_token',
    )
    expect(text).toContain(
      'payment verify: POST http://127.0.0.1:4502/api/v1/apps/mine/monetization/verify',
    )
    expect(text).toMatch(/Secrets {10}in memory {2}\(made for this installation; --rotate-secrets/)
    const mine = apps.find((a) => a.app_key === 'mine')!
    expect(text).toContain(
      `developer key (x-api-key, for your backend only): ${mine.developer_key}`,
    )
    expect(mine.developer_key).toMatch(/^dk_[A-Za-z0-9_-]{32}$/)
  })
})

describe('a port in use', () => {
  it('names the command that moves the dev platform, in the project it runs in', () => {
    expect(portHint(4400, { npm_lifecycle_event: 'start' })).toBe(
      'Stop what uses it, or move the dev platform to 4500 and up: npm start -- --port 4500 (or DEMO_PORT=4500 npm start)',
    )
    // A widget project's `npm run dev` (scripts/dev.mjs passes --port on to the whole project).
    expect(portHint(7600, { npm_lifecycle_event: 'dev' })).toMatch(/ npm run dev -- --port 7700$/)
    expect(portHint(7600, {})).toMatch(/ npx platform-widget-dev dev --port 7700$/)
    expect(portHint(65500, {})).toMatch(/--port 20000$/)
  })

  it('refuses to start, naming the port, what it is for and the fix', async () => {
    // A port of this helper's range taken by another server: the demo's emulator port.
    const base = 25700
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(base + 2, '127.0.0.1', resolve))
    const before = process.env.npm_lifecycle_event
    process.env.npm_lifecycle_event = 'dev'
    try {
      // How startDemo starts each server (start.ts), with the hint it makes.
      const app = { fetch: () => new Response() }
      await expect(
        listen(app, base + 2, 'platform emulator', portHint(base, process.env)),
      ).rejects.toThrow(
        `Port ${base + 2} (platform emulator) is already in use. Stop what uses it, or move the dev platform to ${base + 100} and up: npm run dev -- --port ${base + 100}`,
      )
    } finally {
      if (before === undefined) delete process.env.npm_lifecycle_event
      else process.env.npm_lifecycle_event = before
      await new Promise((resolve) => taken.close(resolve))
    }
  })
})
