// The dev command's `trigger`, `resend` and `deliveries`: their arguments, and each run against
// the real emulator app (createEmulator) listening on a free port of this machine, over real HTTP.

import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import { verifyWebhook } from 'platform-widget-server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { apps, controlTestApp } from '../emulator/control/test-kit.js'
import { WEBHOOK_EVENT_TYPES } from '../shared/webhook-types.js'
import { ConfigError } from './config-error.js'
import {
  parseWebhookCommand,
  runWebhookCommand,
  type WebhookCommandName,
} from './webhook-commands.js'

describe('arguments', () => {
  const parse = (name: WebhookCommandName, argv: string[], env: Record<string, string> = {}) =>
    parseWebhookCommand(name, argv, env)

  it.each([
    [
      'trigger',
      ['payment.succeeded', '--app', 'mine', '--data', '{"user_id":"dr-2"}'],
      {},
      {
        subject: 'payment.succeeded',
        app: 'mine',
        data: { user_id: 'dr-2' },
        emulator: 'http://127.0.0.1:4402',
      },
    ],
    [
      'trigger',
      ['--app=mine', 'installation.created', '--emulator', 'http://127.0.0.1:4502/sandboxes/s1/'],
      { PLATFORM_URL: 'http://127.0.0.1:9999' },
      {
        subject: 'installation.created',
        app: 'mine',
        emulator: 'http://127.0.0.1:4502/sandboxes/s1',
      },
    ],
    [
      'resend',
      ['evt_1'],
      { PLATFORM_URL: 'http://127.0.0.1:4502' },
      { subject: 'evt_1', emulator: 'http://127.0.0.1:4502' },
    ],
    ['deliveries', ['--app', 'mine'], {}, { app: 'mine', subject: undefined }],
    ['deliveries', [], {}, { subject: undefined, help: false }],
    ['resend', ['--help'], {}, { help: true }],
  ] as const)('%s %j', (name, argv, env, expected) => {
    expect(parse(name, [...argv], env)).toMatchObject(expected)
  })

  it.each([
    ['trigger', ['--app', 'mine'], /which event\?/],
    ['trigger', ['payment.succeeded'], /--app KEY is needed/],
    ['trigger', ['payment.succeeded', '--app'], /--app needs a value/],
    ['trigger', ['payment.succeeded', '--app', 'mine', '--data', '{oops'], /--data is not JSON/],
    ['trigger', ['payment.succeeded', '--app', 'mine', '--data', '[1]'], /must be a JSON object/],
    [
      'trigger',
      ['payment.succeeded', '--app', 'mine', '--emulator', 'ftp://x'],
      /--emulator ftp:\/\/x is not an http/,
    ],
    ['resend', [], /which delivery\?/],
    ['resend', ['evt_1', 'evt_2'], /unexpected argument "evt_2"/],
    ['resend', ['evt_1', '--app', 'mine'], /unknown option "--app"/],
    ['deliveries', ['--data', '{}'], /unknown option "--data"/],
  ] as const)('%s %j is refused', (name, argv, message) => {
    expect(() => parse(name, [...argv])).toThrow(ConfigError)
    expect(() => parse(name, [...argv])).toThrow(message)
  })

  it('names PLATFORM_URL when that is what is wrong', () => {
    expect(() => parse('resend', ['evt_1'], { PLATFORM_URL: 'nope' })).toThrow(/PLATFORM_URL nope/)
  })
})

describe('against a running emulator', () => {
  let server: Server
  let url: string
  let out: string[]
  let err: string[]
  const received: { body: string; headers: Headers }[] = []
  const control = controlTestApp({
    webhooks: {
      // The widget's backend, in process: answers 200 to what verifies.
      fetch: async (input, init) => {
        const request = new Request(input, init)
        const body = await request.text()
        const app = apps.find((a) => a.webhook_url === request.url)!
        verifyWebhook(body, request.headers, app.webhook_secret)
        received.push({ body, headers: request.headers })
        return Response.json({ ok: true })
      },
    },
  })
  const run = async (
    name: WebhookCommandName,
    argv: string[],
    env: Record<string, string> = {},
  ) => {
    out = []
    err = []
    const status = await runWebhookCommand(
      name,
      argv,
      { PLATFORM_URL: url, ...env },
      {
        out: (line) => out.push(line),
        err: (line) => err.push(line),
      },
    )
    return { status, out: out.join('\n'), err: err.join('\n') }
  }

  beforeAll(async () => {
    server = createAdaptorServer({ fetch: control.app.fetch }) as Server
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    control.webhooks.stop()
    await new Promise((resolve) => server.close(resolve))
  })
  beforeEach(() => {
    received.length = 0
  })

  it('trigger sends the event and prints what was sent and the answer', async () => {
    const result = await run('trigger', [
      'payment.succeeded',
      '--app',
      'demo-doctor',
      '--data',
      '{"user_id":"dr-2"}',
    ])
    expect(result.err).toBe('')
    expect(result.status).toBe(0)
    expect(received).toHaveLength(1)
    const { body, headers } = received[0]!
    expect(JSON.parse(body).data).toMatchObject({ user_id: 'dr-2', product_key: 'pro' })
    expect(result.out).toContain(`payment.succeeded for demo-doctor: ${headers.get('webhook-id')}`)
    expect(result.out).toContain('POST http://localhost:4401/api/webhooks/demo-doctor')
    expect(result.out).toContain(`webhook-signature: ${headers.get('webhook-signature')}`)
    expect(result.out).toContain(`\n${body}\n`)
    expect(result.out).toMatch(/Answer: HTTP 200 in \d+ ms\n\{"ok":true\}/)
    expect(result.out).toMatch(/Delivered \(attempt 1\)\.$/)
  })

  it('resend sends a logged delivery again, with the same webhook-id', async () => {
    await run('trigger', ['installation.created', '--app', 'demo-booking'])
    const id = received[0]!.headers.get('webhook-id')!
    const result = await run('resend', [id])
    expect(result).toMatchObject({ status: 0, err: '' })
    expect(received).toHaveLength(2)
    expect(received[1]!.headers.get('webhook-id')).toBe(id)
    expect(received[1]!.body).toBe(received[0]!.body)
    expect(result.out).toMatch(
      /Attempts \(2\):\n {2}\S+ {2}HTTP 200\n {2}\S+ {2}HTTP 200 {2}\(resend 1\)\n/,
    )
  })

  it('deliveries lists the log newest first, one widget with --app, one delivery in full', async () => {
    // Its own deliveries, for two widgets: it needs no other test to have run first.
    await run('trigger', ['payment.succeeded', '--app', 'demo-doctor'])
    await run('trigger', ['installation.deleted', '--app', 'demo-profile'])
    const doctorId = received[0]!.headers.get('webhook-id')!
    const id = received[1]!.headers.get('webhook-id')!
    const all = await run('deliveries', [])
    expect(all.status).toBe(0)
    expect(all.out.split('\n')[0]).toContain(
      `${id}  demo-profile  installation.deleted  delivered  1 attempt  HTTP 200`,
    )
    expect(all.out.split('\n')[1]).toContain(`${doctorId}  demo-doctor  payment.succeeded`)
    const mine = await run('deliveries', ['--app', 'demo-doctor'])
    expect(mine.out).not.toContain('demo-profile')
    expect(mine.out.split('\n')[0]).toContain(`${doctorId}  demo-doctor  payment.succeeded`)
    const one = await run('deliveries', [id])
    expect(one.out).toContain(`installation.deleted for demo-profile: ${id}`)
  })

  it.each([
    [
      'an unknown event type',
      'trigger',
      ['payment.done', '--app', 'demo-doctor'],
      /unknown event type "payment.done"; the types are payment.succeeded, .* \(INVALID_INPUT, HTTP 400\)$/,
    ],
    [
      'an unknown widget',
      'trigger',
      ['payment.succeeded', '--app', 'nope'],
      /No widget "nope" is registered .* \(APP_NOT_FOUND, HTTP 404\)$/,
    ],
    [
      'an unknown delivery',
      'resend',
      ['evt_nope'],
      /No delivery "evt_nope" .* \(DELIVERY_NOT_FOUND, HTTP 404\)$/,
    ],
    ['an unknown widget', 'deliveries', ['--app', 'nope'], /APP_NOT_FOUND/],
  ] as const)('%s: one line and exit 1 (%s)', async (_, name, argv, message) => {
    const result = await run(name, [...argv])
    expect(result.status).toBe(1)
    expect(result.out).toBe('')
    expect(result.err).not.toContain('\n')
    expect(result.err).toMatch(message)
    expect(received).toEqual([])
  })

  it('no emulator: one line naming the URL, exit 1', async () => {
    const closed = createAdaptorServer({ fetch: () => new Response() }) as Server
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const result = await run('trigger', [
      'payment.succeeded',
      '--app',
      'x',
      '--emulator',
      `http://127.0.0.1:${port}`,
    ])
    expect(result.status).toBe(1)
    expect(result.err).toBe(
      `No emulator answers at http://127.0.0.1:${port} (from --emulator) (ECONNREFUSED): start one with \`platform-widget-dev dev\` (\`npm run dev\` in a widget project), or say where it runs with --port, --emulator or PLATFORM_URL`,
    )
  })

  it('a server that is not the emulator: says so, exit 1', async () => {
    const other = createAdaptorServer({
      fetch: () => new Response('nothing here', { status: 404 }),
    }) as Server
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`
    try {
      const result = await run('resend', ['evt_1'], { PLATFORM_URL: otherUrl })
      expect(result.status).toBe(1)
      expect(result.err).toMatch(
        /does not answer POST \/control\/v1\/webhooks\/deliveries\/evt_1\/resend \(HTTP 404\)/,
      )
    } finally {
      await new Promise((resolve) => other.close(resolve))
    }
  })

  it('--help prints each command’s usage, exit 0; a bad option exits 2', async () => {
    for (const name of ['trigger', 'resend', 'deliveries'] as const) {
      const help = await run(name, ['--help'])
      expect(help.status).toBe(0)
      expect(help.out).toMatch(new RegExp(`^Usage: platform-widget-dev ${name}`))
    }
    expect((await run('trigger', ['--help'])).out).toContain(WEBHOOK_EVENT_TYPES.join(', '))
    const bad = await run('trigger', ['--nope'])
    expect(bad.status).toBe(2)
    expect(bad.err).toMatch(/unknown option "--nope"/)
  })
})
