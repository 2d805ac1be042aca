/**
 * The operation table (src/events/operations.ts) is the one declaration of each bridge
 * operation. Here a fake row, `ping` (SDK path `widget.ping`), is added to it, and every layer
 * derived from the table must pick it up: each test names its layer, so a layer that keeps a
 * list of its own fails by name.
 */
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bridgeTable, callsModule, widgetGuide } from '../scripts/operations-table.js'
import { CONTEXTS, ErrorCode, PlatformError } from '../src/events/index.js'
import { OPERATIONS, type Operation, sdkCalls } from '../src/events/operations.js'
import { CALLS } from '../src/events/sdk-calls.js'
import { sdkOps } from './support/operations.js'

/** The errors module the host under test uses (reloaded with it): its PlatformError class. */
let reloadedInvalid: ((field: string, problem: string) => Error) | undefined

/** The fake row: its check names the field, as every validator does. */
const ping: Operation<{ n: number }, { pong: number }> = {
  sdk: ['widget.ping'],
  validate: (raw) => {
    const n = (raw as { n?: unknown } | null)?.n
    if (typeof n !== 'number') {
      throw (
        reloadedInvalid?.('n', 'expected a number') ??
        new PlatformError(ErrorCode.INVALID_ARGUMENT, 'n: expected a number', 'n')
      )
    }
    return { n }
  },
  dialogs: [],
  contexts: CONTEXTS,
  deadline: 'call',
  example: { n: 41 },
}
const TABLE = { ...OPERATIONS, ping } as Record<string, Operation>

afterEach(() => {
  vi.doUnmock('../src/events/sdk-calls.js')
  vi.doUnmock('../src/events/operations.js')
  vi.doUnmock('../src/host/operations/handlers.js')
  vi.resetModules()
  reloadedInvalid = undefined
})

/** The modules under test, loaded anew with the fake row in the table. */
async function withFakeRow() {
  vi.resetModules()
  vi.doMock('../src/events/sdk-calls.js', () => ({ CALLS: sdkCalls(TABLE) }))
  vi.doMock('../src/events/operations.js', async (original) => ({
    ...(await original<typeof import('../src/events/operations.js')>()),
    OPERATIONS: TABLE,
  }))
  vi.doMock('../src/host/operations/handlers.js', async (original) => ({
    HANDLERS: {
      ...(await original<typeof import('../src/host/operations/handlers.js')>()).HANDLERS,
      ping: async (raw: unknown) => ({ pong: (ping.validate(raw) as { n: number }).n + 1 }),
    },
  }))
  reloadedInvalid = (await import('../src/events/errors.js')).invalid
  const testing = await import('../src/testing/index.js')
  const lazy = await import('../src/sdk/lazy.js')
  const top = await import('../src/sdk/toplevel.js')
  return { testing, lazy, top }
}

const at = (object: unknown, path: string) =>
  path.split('.').reduce((o, k) => (o as Record<string, unknown> | undefined)?.[k], object)

describe('a fake operation added to the table reaches every layer', () => {
  it('the SDK calls (src/events/sdk-calls.ts) are generated from the table, and name the new one', () => {
    expect(CALLS, 'src/events/calls.ts is stale: npx tsx scripts/operations-table.ts').toBe(
      sdkCalls(),
    )
    expect(readFileSync('src/events/sdk-calls.ts', 'utf8')).toBe(callsModule())
    expect(sdkCalls(TABLE).split(' ')).toContain('widget.ping=ping')
  })

  it('the docs table (docs/widget.md) is generated from the table, and has a row for it', () => {
    const guide = readFileSync('docs/widget.md', 'utf8')
    expect(guide, 'docs/widget.md is stale: npx tsx scripts/operations-table.ts').toBe(
      widgetGuide(guide),
    )
    expect(bridgeTable(TABLE)).toContain('| `widget.ping` | `ping` | — | all | call (10 s) |')
  })

  it('the test matrices (test/support/operations.ts) get the call', () => {
    expect(sdkOps(TABLE)['widget.ping']).toEqual({ method: 'ping', context: 'doctor-panel' })
    // And today's table: every SDK call is in the matrices, openLink and widget.* included.
    expect(Object.keys(sdkOps()).sort()).toEqual(
      Object.values(OPERATIONS)
        .flatMap((r) => r.sdk)
        .sort(),
    )
  })

  it('the SDK, the host dispatch and its trace checks answer it end to end', async () => {
    const { testing } = await withFakeRow()
    const trace: { type: string; method?: string; args?: unknown }[] = []
    const kit = testing.createTestHost({
      install: false,
      host: { onTrace: (entry: never) => trace.push(entry) } as never,
    })
    try {
      await kit.platform.initialize({ app_key: 'test-widget' })
      const call = at(kit.platform, 'widget.ping') as ((r: unknown) => Promise<unknown>) | undefined
      expect(call, 'SDK (createPlatform): no widget.ping').toBeTypeOf('function')
      await expect(call!({ n: 41 }), 'host dispatch: ping not answered').resolves.toEqual({
        pong: 42,
      })
      // The host's trace checks ran the row's validator: the arguments it returned.
      expect(trace).toContainEqual(
        expect.objectContaining({ type: 'call', method: 'ping', args: { n: 41 } }),
      )
      // And its refusal, with the field named.
      await expect(call!({ n: 'x' })).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        field: 'n',
      })
    } finally {
      kit.destroy()
    }
  })

  it('the lazy stub and the top-level page have it', async () => {
    const { lazy, top } = await withFakeRow()
    const stub = lazy.lazyPlatform('https://panel.example/platform-top.js', {})
    expect(at(stub, 'widget.ping'), 'lazy stub (src/sdk/lazy.ts)').toBeTypeOf('function')
    const page = top.createTopLevelPlatform({})
    const call = at(page, 'widget.ping') as (() => Promise<unknown>) | undefined
    expect(call, 'top-level page (src/sdk/toplevel.ts)').toBeTypeOf('function')
    await expect(call!()).rejects.toMatchObject({ code: 'NOT_EMBEDDED' })
  })
})
