// @vitest-environment node
// The startup banner: every sample widget's own origin, and your widgets after them.
import { describe, expect, it } from 'vitest'
import { loadFixtures } from './emulator/state.js'
import { demoApps, parseConfig, portsFrom, sampleOrigins } from './lib/config.js'
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
