import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { fingerprint } from '../emulator/call-log.js'
import { bearer, DOCTOR, harness } from '../emulator/test-harness.js'
import { parseLogsCommand, runLogsCommand } from './logs-command.js'

/** An emulator in process, its control API reached through `fetch`, and what `logs` printed. */
function setup() {
  const h = harness()
  const out: string[] = []
  const err: string[] = []
  const io = {
    out: (l: string) => out.push(l),
    err: (l: string) => err.push(l),
    fetch: ((url: string, init?: RequestInit) =>
      h.emulator.app.request(new URL(url).pathname + new URL(url).search, init)) as typeof fetch,
  }
  return { h, out, err, io }
}

async function backendCalls(h: ReturnType<typeof harness>) {
  const minted = await h.call(
    'POST',
    `/internal/users/dr-1/apps/${DOCTOR.app_key}/session-tokens`,
    {
      json: { scopes: ['provider.profile.read'] },
    },
  )
  const exchanged = await h.call('POST', `/api/v1/apps/${DOCTOR.app_key}/oauth/access_token`, {
    headers: { 'x-api-key': DOCTOR.developer_key },
    json: { session_token: minted.body.session_token },
  })
  await h.call('GET', '/open-platform/v1/profile/information', {
    headers: bearer(exchanged.body.access_token),
  })
  // Another scope than the token's: 403.
  await h.call('POST', '/v1/sms/messages', {
    headers: bearer(exchanged.body.access_token),
    json: { to: '09121234567', text: 'hi' },
  })
  return {
    session: minted.body.session_token as string,
    access: exchanged.body.access_token as string,
  }
}

describe('logs', () => {
  it('lists the calls oldest first, a line each, linked to the session token', async () => {
    const { h, out, io } = setup()
    const { session } = await backendCalls(h)
    expect(await runLogsCommand([], {}, io)).toBe(0)
    expect(out).toHaveLength(3)
    expect(out[0]).toMatch(
      /POST {3}\/api\/v1\/apps\/demo-doctor\/oauth\/access_token {2}200 {2}\d+ ms {2}demo-doctor/,
    )
    expect(out[1]).toMatch(/GET {4}\/open-platform\/v1\/profile\/information {2}200/)
    expect(out[2]).toMatch(/ 403 /)
    for (const line of out) expect(line).toContain(`session ${fingerprint(session)}`)
  })

  it.each([
    [['--status', '403'], 1],
    [['--status', '4xx'], 1],
    [['--status', 'error'], 1],
    [['--status', '2xx'], 2],
    [['--app', 'demo-doctor'], 3],
    [['--app', 'demo-booking'], 0],
  ])('filters with %j: %i calls', async (argv, count) => {
    const { h, out, io } = setup()
    await backendCalls(h)
    expect(await runLogsCommand(argv, {}, io)).toBe(0)
    expect(out.filter((l) => / ms /.test(l))).toHaveLength(count)
  })

  it('prints the bodies with --body, keys and tokens masked', async () => {
    const { h, out, io } = setup()
    const { session } = await backendCalls(h)
    await runLogsCommand(['--body', '--status', '200'], {}, io)
    const text = out.join('\n')
    expect(text).toContain('    response: {"access_token":"•••')
    expect(text).not.toContain(session)
    expect(text).not.toContain(DOCTOR.developer_key)
  })

  it('follows: prints only new calls at each read, until stopped', async () => {
    const { h, out, io } = setup()
    const { access } = await backendCalls(h)
    const stop = new AbortController()
    let reads = 0
    const status = await runLogsCommand(
      ['-f', '--app', 'demo-doctor'],
      {},
      {
        ...io,
        signal: stop.signal,
        wait: async () => {
          reads++
          if (reads === 1) {
            await h.call('GET', '/open-platform/v1/profile/information', {
              headers: bearer(access),
            })
          }
          if (reads === 2) stop.abort()
        },
      },
    )
    expect(status).toBe(0)
    expect(out[0]).toMatch(/^Following /)
    // 3 at the first read, the one made while waiting at the second, nothing twice.
    expect(out.slice(1)).toHaveLength(4)
    expect(out[4]).toMatch(/GET {4}\/open-platform\/v1\/profile\/information {2}200/)
  })

  it('answers 1 with the fix when no emulator answers, and for an unknown widget', async () => {
    const { err, io } = setup()
    const down = {
      ...io,
      fetch: (async () => {
        throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } })
      }) as typeof fetch,
    }
    expect(await runLogsCommand([], {}, down)).toBe(1)
    expect(err[0]).toContain('start one with `platform-widget-dev dev`')
    expect(await runLogsCommand(['--app', 'nope'], {}, io)).toBe(1)
    expect(err[1]).toContain('No widget "nope"')
  })

  it.each([[['--status', 'bad']], [['--app']], [['--nope']], [['--emulator', 'ftp://x']]])(
    'refuses %j with exit 2',
    async (argv) => {
      const { err, io } = setup()
      expect(await runLogsCommand(argv, {}, io)).toBe(2)
      expect(err[0]).toMatch(/^logs: /)
    },
  )

  it('reads the emulator from the flag, then PLATFORM_URL, then the default', () => {
    expect(
      parseLogsCommand(['--emulator', 'http://127.0.0.1:7602'], {
        PLATFORM_URL: 'http://127.0.0.1:1',
      }).emulator,
    ).toBe('http://127.0.0.1:7602')
    expect(parseLogsCommand([], { PLATFORM_URL: 'http://127.0.0.1:7602/' }).emulator).toBe(
      'http://127.0.0.1:7602',
    )
    expect(parseLogsCommand([], {}).emulator).toBe('http://127.0.0.1:4402')
  })

  it("reads a widget project's ports from its platform.config.json, as trigger does", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'logs-ports-'))
    const ports = { panel: 7600, widgets: [7601, 7603, 7604], emulator: 7602 }
    writeFileSync(path.join(dir, 'platform.config.json'), JSON.stringify({ ports, apps: [] }))
    expect(parseLogsCommand([], {}, dir).emulator).toBe('http://127.0.0.1:7602')
    expect(parseLogsCommand(['--port', '7700'], {}, dir).emulator).toBe('http://127.0.0.1:7702')
  })
})
