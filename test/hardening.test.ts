import type { ReplyMessage } from 'penpal'
import { describe, expect, it } from 'vitest'
import { PROTOCOL_VERSION } from '../src/events/wire.js'
import { type HostMethodName, OPERATIONS } from '../src/operations/index.js'
import { countDialogs, hostRequests, rawPeer, rig, until } from './support/index.js'

/** The `{ ok, value | error }` outcome inside a successful penpal reply. */
function outcome(reply: ReplyMessage) {
  expect(reply.isError ?? false).toBe(false)
  return reply.value as { ok: boolean; value?: unknown; error?: { code: string; field?: string } }
}

const hello = { app_key: 'demo', protocol: PROTOCOL_VERSION }

describe('the host only answers its allow-listed methods', () => {
  it.each<[string[]]>([
    [['__proto__']],
    [['constructor']],
    [['toString']],
    [['valueOf']],
    [['hasOwnProperty']],
    [['__defineGetter__']],
    [['__lookupGetter__']],
    [['isPrototypeOf']],
    [['initialize', 'call']],
    [['initialize', 'apply']],
    [['initialize', 'bind']],
    [['initialize', 'constructor']],
    [['__proto__', 'constructor']],
    [['constructor', 'constructor']],
    [['pay', 'constructor', 'constructor']],
    [['__proto__', '__proto__', 'toString']],
    [['prototype']],
    [['then']],
    [['Initialize']],
    [['initialize ']],
    [['initialize.call']],
    [[]],
  ])('answers METHOD_NOT_FOUND for the method path %j', async (methodPath) => {
    const peer = await rawPeer()
    const reply = await peer.send(methodPath, [hello])
    expect(reply).toMatchObject({
      type: 'REPLY',
      isError: true,
      value: { name: 'PenpalError', penpalCode: 'METHOD_NOT_FOUND' },
    })
  })

  it.each<[string]>([['toString'], ['constructor'], ['__proto__'], ['valueOf']])(
    'a penpal client calling %s gets a METHOD_NOT_FOUND PenpalError',
    async (name) => {
      const peer = await rawPeer()
      await expect(peer.remote[name]!()).rejects.toMatchObject({
        name: 'PenpalError',
        code: 'METHOD_NOT_FOUND',
      })
    },
  )

  it('answers initialize over the same raw channel (the control case)', async () => {
    const peer = await rawPeer()
    expect(outcome(await peer.send(['initialize'], [hello]))).toEqual({
      ok: true,
      value: {
        app_key: 'demo',
        context: 'doctor-panel',
        locale: 'en',
        dir: 'ltr',
        colorScheme: 'light',
        panelOrigin: expect.any(String),
        dev: false,
        embedded: true,
      },
    })
  })

  it('leaves Object.prototype alone when a request carries __proto__', async () => {
    const peer = await rawPeer()
    await peer.send(['initialize'], [hello])
    const hostile = JSON.parse('{"product_key":"pro","__proto__":{"polluted":"yes"}}')
    const result = outcome(await peer.send(['pay'], [hostile]))
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', field: '__proto__' },
    })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('initialize comes first', () => {
  /** Every host method but initialize and bye, with its contract's example argument. */
  const requests = Object.fromEntries(hostRequests()) as Record<
    Exclude<HostMethodName, 'initialize' | 'bye'>,
    unknown
  >

  it('covers every host method but initialize and bye, each with a valid request', () => {
    expect(Object.keys(requests).sort()).toEqual(
      Object.keys(OPERATIONS)
        .filter((m) => m !== 'initialize' && m !== 'bye')
        .sort(),
    )
    // So the refusal below is the missing initialize, not a bad argument.
    for (const [m, request] of Object.entries(requests))
      expect(() => OPERATIONS[m as HostMethodName].validate(request), m).not.toThrow()
  })

  it.each(Object.entries(requests))(
    'refuses %s before initialize with NOT_INITIALIZED, without a dialog',
    async (method, request) => {
      const dialogs = countDialogs()
      const peer = await rawPeer({ host: { context: 'doctor-profile' } })
      expect(outcome(await peer.send([method], [request]))).toMatchObject({
        ok: false,
        error: { code: 'NOT_INITIALIZED' },
      })
      expect(dialogs()).toBe(0)
      expect(peer.backend.charges).toEqual([])
    },
  )

  it('refuses calls after a refused initialize', async () => {
    const peer = await rawPeer()
    await peer.send(['initialize'], [{ app_key: 'other', protocol: PROTOCOL_VERSION }])
    expect(outcome(await peer.send(['pay'], [{ product_key: 'pro' }]))).toMatchObject({
      ok: false,
      error: { code: 'NOT_INITIALIZED' },
    })
  })

  it.each<[string, unknown, string, string | undefined]>([
    [
      'another registered app_key',
      { app_key: 'other', protocol: PROTOCOL_VERSION },
      'APP_KEY_MISMATCH',
      undefined,
    ],
    [
      'an unregistered app_key',
      { app_key: 'ghost', protocol: PROTOCOL_VERSION },
      'APP_KEY_MISMATCH',
      undefined,
    ],
    [
      'another protocol version',
      { app_key: 'demo', protocol: PROTOCOL_VERSION + 1 },
      'UNSUPPORTED',
      undefined,
    ],
    ['no protocol', { app_key: 'demo' }, 'UNSUPPORTED', undefined],
    [
      'a malformed app_key',
      { app_key: 'demo widget', protocol: PROTOCOL_VERSION },
      'INVALID_ARGUMENT',
      'app_key',
    ],
    ['no request', undefined, 'INVALID_ARGUMENT', 'initialize'],
  ])('refuses initialize with %s', async (_, request, code, field) => {
    const peer = await rawPeer()
    const result = outcome(await peer.send(['initialize'], [request]))
    expect(result.ok).toBe(false)
    expect(result.error).toMatchObject({ code, ...(field ? { field } : {}) })
  })

  it('refuses an SDK initialize with another app_key with APP_KEY_MISMATCH', async () => {
    const t = rig({ app_key: 'demo' })
    await expect(t.platform.initialize({ app_key: 'other' })).rejects.toMatchObject({
      name: 'PlatformError',
      code: 'APP_KEY_MISMATCH',
      // Names the key the frame is bound to, so the developer sees which key to pass.
      message: 'This iframe is bound to "demo", not "other"',
    })
    expect(t.session.initialized).toBe(false)
  })

  it('accepts bye before initialize', async () => {
    const peer = await rawPeer()
    expect(outcome(await peer.send(['bye'], [{}]))).toEqual({ ok: true, value: null })
  })
})

describe('the widget going away', () => {
  it('bye closes the open dialog without charging and forgets initialize', async () => {
    const t = rig()
    await t.init()
    const result = t.platform.payment.pay({ product_key: 'pro' }).catch((e) => e)
    await until(() => t.dialog())
    expect(t.session.initialized).toBe(true)
    window.dispatchEvent(new Event('pagehide'))
    expect(await result).toMatchObject({ code: 'CONNECTION_CLOSED' })
    expect(t.dialog()).toBeNull()
    expect(t.backend.charges).toEqual([])
    expect(t.session.initialized).toBe(false)
  })
})
