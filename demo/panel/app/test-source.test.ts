import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { DEFAULT_SMS_PACKAGES } from 'platform-widget-sdk/host'
import { createTestHost, type TestHost } from 'platform-widget-sdk/testing'
import { afterEach, describe, expect, it } from 'vitest'
import { literal, type TestTarget, testSource } from './test-source.js'
import { createTraceLog } from './trace-log.js'

/** "Copy as test" writes a test that runs, and fails when the widget changes. */

// biome-ignore lint/suspicious/noTemplateCurlyInString: a widget's text that looks like a template
const HOSTILE = '<img src=x onerror=alert(1)>\'"`${1}*/ \\u2028\u2028'
const TARGET: TestTarget = {
  app_key: 'demo-doctor',
  name: 'Doctor helper',
  context: 'doctor-panel',
  scopes: ['provider.profile.read', 'provider.appointment.read'],
  products: [{ key: 'pro', title: 'Pro', price: 1000 }],
  plans: [],
}

let kit: TestHost | undefined
afterEach(() => {
  kit?.destroy()
  kit = undefined
})

/** A sequence recorded from a real host (the test kit's), as the inspector records the panel's. */
async function record() {
  const log = createTraceLog()
  kit = createTestHost({
    app_key: TARGET.app_key,
    scopes: TARGET.scopes,
    products: TARGET.products as never,
    install: false,
    host: { onTrace: log.record },
  })
  const { platform } = kit
  await platform.initialize({ app_key: TARGET.app_key })
  kit.next('consent', 'cancel')
  await platform.getSessionToken({ scope: ['provider.profile.read'] }).catch(() => {})
  await platform.getSessionToken({ scope: ['provider.profile.read'] })
  await platform.getSessionToken({ scope: ['provider.chat.read'] }).catch(() => {})
  kit.next('payment', 'cancel')
  await platform.payment.pay({ product_key: 'pro' })
  await platform.payment.pay({
    product_key: 'pro',
    payload: { [HOSTILE]: HOSTILE, n: 10n, when: new Date(0), tags: new Set(['a']) },
  })
  kit.backend.behavior.pay = 'decline'
  await platform.payment.pay({ product_key: 'pro' })
  kit.backend.behavior.pay = 'ok'
  await platform.sms.activate()
  kit.next('sms-charge', { count: 250 })
  await platform.sms.charge()
  await platform.openLink({ url: 'https://example.com/help' })
  await platform.widget.addToProfile()
  await platform.redirect.dispatch({ path: '/settings' })
  kit.destroy()
  kit = undefined
  return log.calls(TARGET.app_key)
}

const HEADER = [
  "import { createTestHost } from 'platform-widget-sdk/testing'",
  "import { expect, it } from 'vitest'",
]

/**
 * Runs a generated file in this harness: its two imports are checked to be what it says, then
 * its body runs with those same bindings (the test kit and vitest's expect), and its one test.
 */
async function runGenerated(source: string): Promise<void> {
  const lines = source.split('\n')
  expect(lines[0]).toBe('// @vitest-environment happy-dom')
  expect(lines.slice(3, 5)).toEqual(HEADER)
  let test: (() => Promise<void>) | undefined
  const it_ = (_name: string, fn: () => Promise<void>) => {
    test = fn
  }
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor
  await new AsyncFunction('createTestHost', 'expect', 'it', lines.slice(5).join('\n'))(
    createTestHost,
    expect,
    it_,
  )
  expect(test).toBeTypeOf('function')
  await test!()
}

describe('testSource', () => {
  it('replays a recorded sequence, and the generated test passes', async () => {
    const calls = await record()
    expect(calls.map((c) => c.method)).toEqual([
      'initialize',
      'getSessionToken',
      'getSessionToken',
      'getSessionToken',
      'pay',
      'pay',
      'pay',
      'smsActivate',
      'smsCharge',
      'openLink',
      'profile',
      'redirect',
    ])
    const source = testSource(TARGET, calls, { firstSmsCount: DEFAULT_SMS_PACKAGES[0]!.count })
    expect(source).toContain('kit.next("consent", "cancel")')
    expect(source).toContain('rejects.toMatchObject({ code: "USER_CLOSED_POPUP" })')
    expect(source).toContain('rejects.toMatchObject({ code: "INVALID_SCOPE" })')
    expect(source).toContain('kit.next("sms-charge", { count: 250 })')
    expect(source).toContain('kit.backend.behavior["pay"] = "decline"')
    await runGenerated(source)
  })

  it('fails when the widget now gets another result than recorded', async () => {
    const calls = await record()
    // As if the user had confirmed the payment the recording shows cancelled.
    const cancelled = calls.find((c) => c.method === 'pay' && c.dialogs[0]?.answer === 'cancel')!
    cancelled.dialogs[0] = { kind: 'payment', answer: 'confirm' }
    // The kit now answers the dialog with confirm, and the call resolves with a success.
    await expect(runGenerated(testSource(TARGET, calls))).rejects.toThrow(/to deeply equal/)
  })

  it('fails when a recorded error code differs', async () => {
    const calls = await record()
    const refused = calls.find((c) => c.result?.ok === false && c.method === 'getSessionToken')!
    refused.result = { ok: false, error: { code: 'WRONG_CONTEXT', message: '' } }
    await expect(runGenerated(testSource(TARGET, calls))).rejects.toThrow(/WRONG_CONTEXT/)
  })

  it('leaves out what a replay in order cannot reproduce, and says why', () => {
    const source = testSource(TARGET, [
      {
        call_id: 1,
        app_key: TARGET.app_key,
        method: 'pay',
        args: { product_key: 'pro' },
        time: 0,
        dialogs: [{ kind: 'payment', answer: 'refused', code: 'DIALOG_BUSY' as never }],
        events: [],
        result: { ok: false, error: { code: 'DIALOG_BUSY', message: '' } },
      },
      {
        call_id: 2,
        app_key: TARGET.app_key,
        method: 'pay',
        args: {},
        time: 0,
        dialogs: [],
        events: [],
      },
    ])
    expect(source).toContain('// not replayed: it ended with DIALOG_BUSY, which depends on timing')
    expect(source).toContain('// not replayed: it had not ended when copied')
    expect(source).not.toContain('kit.platform.payment.pay(')
  })

  it("runs as a file under vitest, with the repository's config, from a temp dir", async () => {
    const calls = await record()
    const root = resolve(import.meta.dirname, '../../..')
    // Outside the repository (a file in the source tree would be picked up by a parallel run or
    // left behind by a crash). With `--root` there, the repository's config still applies (its
    // aliases lead the package names to the sources); the file sits where its `demo/**` glob
    // includes it.
    const dir = await mkdtemp(join(tmpdir(), 'replay-'))
    try {
      await mkdir(join(dir, 'demo'))
      const file = join(dir, 'demo', 'replay.test.ts')
      const source = testSource(TARGET, calls)
      await writeFile(file, source)
      // scripts/package-init.mjs takes this file to paste into a widget made by the packed `init`.
      if (process.env.COPIED_TEST_OUT) await writeFile(process.env.COPIED_TEST_OUT, source)
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          join(root, 'node_modules', 'vitest', 'vitest.mjs'),
          'run',
          '--root',
          dir,
          '--config',
          join(root, 'vite.config.ts'),
          '--typecheck.enabled=false',
          // The init template's default: the file's own first line must ask for a DOM.
          '--environment',
          'node',
        ],
        { cwd: root, env: { ...process.env, NO_COLOR: '1' } },
      )
      expect(stdout).toContain('demo/replay.test.ts')
      expect(stdout).toMatch(/Tests +1 passed/)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }, 60_000)
})

describe('literal', () => {
  it.each([
    ['a string with quotes and markup', HOSTILE],
    ['numbers', [0, -0, 1.5, Number.NaN, Number.POSITIVE_INFINITY, -1e21]],
    ['bigint', 12345678901234567890n],
    ['nested', { a: [1, { b: null, c: undefined }], 'x-y': true, __proto__x: 1 }],
    ['Map and Set', new Map<unknown, unknown>([['k', new Set([1, 2])]])],
    ['Date', new Date(86_400_000)],
    ['typed array', new Uint16Array([1, 65535])],
  ])('%s evaluates back to an equal value', (_name, value) => {
    const back = new Function(`return (${literal(value)})`)()
    expect(back).toEqual(value)
  })

  it('keeps "__proto__" an own key, never the prototype', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}}')
    const back = new Function(`return (${literal(value)})`)()
    expect(Object.hasOwn(back, '__proto__')).toBe(true)
    expect(back.polluted).toBeUndefined()
  })
})
