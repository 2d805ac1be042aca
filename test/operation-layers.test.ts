/**
 * Each bridge operation is one folder, `src/operations/<name>/`, registered in the table
 * (src/events/operations.ts) by one line (and its import). Here a fake operation folder,
 * `test/fixtures/operations/fixtureEcho/` (no argument, SDK path `widget.fixtureEcho`), is
 * registered the same way, and every layer derived from the table must pick it up: each test
 * names its layer, so a layer that keeps a list of its own fails by name. The fake's name is one
 * no real operation takes, and the tests find today's neighbours in the table, so adding a real
 * operation needs no line here. A second fake, `test/fixtures/operations/fixtureRate/`, asks in a
 * host dialog with words of its own (its `words.ts`): test/operation-words.test.ts shows its words
 * reach the dialog in both locales.
 *
 * What adding an operation takes: 4 new files in its folder (`contract.ts`, `contract.test.ts`,
 * `handler.ts`, `sdk.ts`, its `Platform` call with its JSDoc) and its line in the table; one
 * whose dialog has words of its own also takes its `words.ts` (both locales) in the folder.
 * Then `npm run gen:operations` writes `sdk-calls.ts`, the `Platform` calls
 * (`src/sdk/operation-calls.ts`), `method-names.ts` (`TraceMethod`), the host's handler registry
 * (`src/host/handlers.ts`), the dev panel's "Copy as test" calls (`demo/panel/app/replay-calls.ts`)
 * and the docs' table, and `npm run api:update` the API reports.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  bridgeTable,
  callsModule,
  dialogKinds,
  handledOperations,
  handlersModule,
  methodNamesModule,
  outsideOperations,
  panelGuide,
  replayCalls,
  replayModule,
  surfaceModule,
  widgetGuide,
} from '../scripts/bridge-files.js'
import { CALLS } from '../src/events/sdk-calls.js'
import { OPERATIONS, type Operation, sdkCalls } from '../src/operations/index.js'
import { fixtureEcho } from './fixtures/operations/fixtureEcho/contract.js'
import { unmockFakeFolders, withFakeFolder } from './support/fake-folders.js'
import { hostRequests, sdkCallsWithExamples, sdkOps, validCalls } from './support/operations.js'

const FAKE = 'test/fixtures/operations/fixtureEcho'
/** The one line that registers the folder (its import aside), as the table has one per operation. */
const TABLE = { ...OPERATIONS, fixtureEcho } as Record<string, Operation>
/** The same operation opening a dialog, with the dialog deadline: for the columns it changes. */
const DIALOG_TABLE = {
  ...OPERATIONS,
  fixtureEcho: { ...fixtureEcho, dialogs: ['fixture-echo-confirm'], deadline: 'dialogCall' },
} as Record<string, Operation>

afterEach(() => {
  unmockFakeFolders()
  vi.doUnmock('../demo/panel/app/replay-calls.js')
  vi.resetModules()
})

/** The operations' folders, beside the table and the `./events` entry in src/operations. */
const operationFolders = () =>
  readdirSync('src/operations', { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()

const at = (object: unknown, path: string) =>
  path.split('.').reduce((o, k) => (o as Record<string, unknown> | undefined)?.[k], object)

describe('every operation is a folder, registered by one line', () => {
  it('the table (src/operations/index.ts) has one import and one entry per folder', () => {
    const source = readFileSync('src/operations/index.ts', 'utf8')
    const folders = operationFolders()
    expect(Object.keys(OPERATIONS).sort()).toEqual(folders)
    for (const name of folders) {
      expect(existsSync(`src/operations/${name}/contract.ts`), name).toBe(true)
      expect(existsSync(`src/operations/${name}/contract.test.ts`), name).toBe(true)
      expect(source).toContain(`import { ${name} } from './${name}/contract.js'\n`)
      expect(source).toMatch(new RegExp(`\\n  ${name},\\n`))
    }
  })

  it('each folder has its host handler, but those the session answers', () => {
    const session = ['bye', 'initialize', 'resize']
    for (const name of operationFolders()) {
      expect(existsSync(`src/operations/${name}/handler.ts`), name).toBe(!session.includes(name))
    }
    expect(handledOperations()).toEqual(Object.keys(OPERATIONS).filter((n) => !session.includes(n)))
  })

  it('each folder with SDK paths declares its calls in sdk.ts, and only those', () => {
    for (const [name, row] of Object.entries(OPERATIONS)) {
      expect(existsSync(`src/operations/${name}/sdk.ts`), name).toBe(row.sdk.length > 0)
    }
  })

  it('the fake folder holds what a new one needs, and its example passes its check', () => {
    expect(readdirSync(FAKE).sort()).toEqual([
      'contract.test.ts',
      'contract.ts',
      'handler.ts',
      'sdk.ts',
    ])
    expect(fixtureEcho.validate(fixtureEcho.example)).toEqual({})
  })
})

// The generators run Biome on what they write (a process each): slow on a loaded machine.
describe('a fake operation folder registered in the table reaches every layer', {
  timeout: 30_000,
}, () => {
  it('the SDK calls (src/events/sdk-calls.ts) are generated from the table, and name the new one', () => {
    expect(CALLS, 'src/events/sdk-calls.ts is stale: npm run gen:operations').toBe(sdkCalls())
    expect(readFileSync('src/events/sdk-calls.ts', 'utf8')).toBe(callsModule())
    expect(sdkCalls(TABLE).split(' ')).toContain('widget.fixtureEcho=fixtureEcho')
  })

  it('the host handler registry (src/host/handlers.ts) is generated, and lists its handler.ts', () => {
    expect(
      readFileSync('src/host/handlers.ts', 'utf8'),
      'src/host/handlers.ts is stale: npm run gen:operations',
    ).toBe(handlersModule())
    const withFake = handlersModule([...handledOperations(), 'fixtureEcho'])
    expect(withFake).toContain(
      "import { handle as fixtureEcho } from '../operations/fixtureEcho/handler.js'\n",
    )
    // After the last of today's, whichever that is: the test names no real operation.
    expect(withFake).toContain(`\n  ${handledOperations().at(-1)},\n  fixtureEcho,\n}`)
    // Its folder's `outside` (a refusal's words, a check where it has no effect), when it has one.
    const withOutside = handlersModule(
      [...handledOperations(), 'fixtureEcho'],
      [...outsideOperations(), 'fixtureEcho'],
    )
    expect(withOutside).toMatch(
      /import \{\s+handle as fixtureEcho,\s+outside as fixtureEchoOutside,?\s+\} from '\.\.\/operations\/fixtureEcho\/handler\.js'\n/,
    )
    expect(withOutside).toContain('\n  fixtureEcho: fixtureEchoOutside,\n}')
  })

  it("the SDK's Platform calls (src/sdk/operation-calls.ts) are generated, and compose its sdk.ts", () => {
    expect(
      readFileSync('src/sdk/operation-calls.ts', 'utf8'),
      'src/sdk/operation-calls.ts is stale: npm run gen:operations',
    ).toBe(surfaceModule())
    const withFake = surfaceModule(TABLE)
    expect(withFake).toContain(
      "import type { FixtureEchoCall } from '../operations/fixtureEcho/sdk.js'\n",
    )
    const widgetCalls = /export interface WidgetCalls extends (.+) \{\}\n/.exec(
      surfaceModule(),
    )?.[1]
    expect(withFake).toContain(
      `export interface WidgetCalls extends ${widgetCalls}, FixtureEchoCall {}\n`,
    )
    // A call at the top of `window.platform`, and one in a namespace of its own.
    const top = surfaceModule({
      ...OPERATIONS,
      fixtureEcho: { ...fixtureEcho, sdk: ['fixtureEcho'] },
    } as never)
    expect(top).toMatch(/export interface OperationCalls\s+extends [^{]*,\s+FixtureEchoCall \{/)
    // A fourth call at the top runs past the line width: written as the formatter breaks it.
    expect(top.split('\n').filter((line) => line.length > 100)).toEqual([])
    const own = surfaceModule({
      ...OPERATIONS,
      fixtureEcho: { ...fixtureEcho, sdk: ['echo.fixtureEcho'] },
    } as never)
    expect(own).toContain('export interface EchoCalls extends FixtureEchoCall {}\n')
    expect(own).toContain('\n  echo: EchoCalls\n}')
  })

  it('the trace method names and dialog kinds (src/events/method-names.ts) are generated, and name it', () => {
    expect(
      readFileSync('src/events/method-names.ts', 'utf8'),
      'src/events/method-names.ts is stale: npm run gen:operations',
    ).toBe(methodNamesModule())
    const lastMethod = Object.keys(OPERATIONS).at(-1)
    expect(methodNamesModule(TABLE)).toContain(`\n  | '${lastMethod}'\n  | 'fixtureEcho'\n`)
    // The dialog kinds, written out beside the methods: a row's new dialog is a new kind.
    expect(methodNamesModule(TABLE)).not.toContain("'fixture-echo-confirm'")
    expect(methodNamesModule(DIALOG_TABLE)).toContain(
      `\n  | '${Object.values(OPERATIONS)
        .flatMap((o) => o.dialogs ?? [])
        .at(-1)}'\n  | 'fixture-echo-confirm'\n`,
    )
  })

  it('the docs table (docs/widget.md) is generated from the table, and has a row for it', () => {
    const guide = readFileSync('docs/widget.md', 'utf8')
    expect(guide, 'docs/widget.md is stale: npm run gen:operations').toBe(widgetGuide(guide))
    expect(bridgeTable(TABLE)).toContain(
      '| `widget.fixtureEcho` | `fixtureEcho` | — | all | call (10 s) |',
    )
  })

  it('the list of dialog kinds in docs/panel.md is generated, and names its dialog', () => {
    const guide = readFileSync('docs/panel.md', 'utf8')
    expect(guide, 'docs/panel.md is stale: npm run gen:operations').toBe(panelGuide(guide))
    expect(panelGuide(guide, DIALOG_TABLE)).toContain(
      `\`${dialogKinds().at(-1)}\`, \`fixture-echo-confirm\`<!-- /dialog-kinds -->`,
    )
    // The other places that speak of the kinds list none by hand: the generated `DialogKind` does.
    for (const file of ['src/host-kit/host-options.ts', 'src/host-kit/dialog/dialog-types.ts']) {
      const text = readFileSync(file, 'utf8')
      const named = dialogKinds().filter((kind) => kind.includes('-') && text.includes(kind))
      expect(named, `${file} lists dialog kinds by hand`).toEqual([])
    }
  })

  it('its dialog kinds and its deadline reach the SDK calls and the docs table', () => {
    expect(sdkCalls(DIALOG_TABLE).split(' ')).toContain('widget.fixtureEcho=fixtureEcho!')
    expect(bridgeTable(DIALOG_TABLE)).toContain(
      '| `widget.fixtureEcho` | `fixtureEcho` | `fixture-echo-confirm` | all | dialog (11 min) |',
    )
  })

  it('the panel\'s "Copy as test" calls (demo/panel/app/replay-calls.ts) are generated, and replay it', async () => {
    expect(
      readFileSync('demo/panel/app/replay-calls.ts', 'utf8'),
      'demo/panel/app/replay-calls.ts is stale: npm run gen:operations',
    ).toBe(replayModule())
    expect(replayCalls(TABLE).fixtureEcho).toEqual({ path: 'widget.fixtureEcho', argument: false })
    vi.resetModules()
    vi.doMock('../demo/panel/app/replay-calls.js', () => ({ REPLAY: replayCalls(TABLE) }))
    const { testSource } = await import('../demo/panel/app/test-source.js')
    // Each row a widget calls, recorded with its contract's example and answered: none is skipped.
    const widgetRows = Object.entries(TABLE).filter(
      ([m]) => !['initialize', 'resize', 'bye'].includes(m),
    )
    for (const [method, row] of widgetRows) {
      const source = testSource(
        { app_key: 'w', name: 'W', context: 'doctor-panel', scopes: [], products: [], plans: [] },
        [
          {
            call_id: 1,
            app_key: 'w',
            method: method as never,
            args: row.example,
            time: 0,
            result: { ok: true, value: { done: true } },
            dialogs: [],
            events: [],
          },
        ],
      )
      expect(source, `"Copy as test" skipped ${method}`).not.toContain('not replayed')
      expect(
        row.sdk.some((path) => source.includes(`kit.platform.${path}(`)),
        `"Copy as test" wrote no call of ${row.sdk.join(', ')} for ${method}`,
      ).toBe(true)
    }
    expect(testSource.toString()).not.toContain('fixtureEcho')
  })

  it('the test matrices (test/support/operations.ts) call it with its example', () => {
    expect(sdkOps(TABLE)['widget.fixtureEcho']).toEqual({
      method: 'fixtureEcho',
      context: 'doctor-panel',
    })
    // hardening: refused before initialize.
    expect(hostRequests(TABLE)).toContainEqual(['fixtureEcho', {}])
    // hostile-faults: never answered, a TIMEOUT of its deadline's length.
    expect(sdkCallsWithExamples(TABLE)).toContainEqual({
      path: 'widget.fixtureEcho',
      args: [{}],
      deadline: 'call',
    })
    // hostile-inputs: its valid call after each bad one, and its before-initialize and
    // after-destroy rows (made for every path of VALID).
    expect(validCalls({}, TABLE)['widget.fixtureEcho']).toEqual({ args: [{}], request: {} })
    // And today's table: every SDK call is in the matrices, openLink and widget.* included.
    const paths = Object.values(OPERATIONS)
      .flatMap((r) => r.sdk)
      .sort()
    expect(Object.keys(sdkOps()).sort()).toEqual(paths)
    expect(Object.keys(validCalls({})).sort()).toEqual(paths)
  })

  it('the host allow-list, dispatch and trace, and the SDK, answer it end to end', async () => {
    const { testing } = await withFakeFolder()
    const trace: { type: string; method?: string; args?: unknown }[] = []
    const kit = testing.createTestHost({
      install: false,
      host: { onTrace: (entry: never) => trace.push(entry) } as never,
    })
    try {
      await kit.platform.initialize({ app_key: 'test-widget' })
      const call = at(kit.platform, 'widget.fixtureEcho') as
        | ((r?: unknown) => Promise<unknown>)
        | undefined
      expect(call, 'SDK (createPlatform): no widget.fixtureEcho').toBeTypeOf('function')
      await expect(
        call!(),
        'host allow-list and dispatch: fixtureEcho not answered',
      ).resolves.toEqual({
        pong: true,
      })
      // The trace names the method, with the arguments its row's check returned.
      expect(trace, 'host trace').toContainEqual(
        expect.objectContaining({ type: 'call', method: 'fixtureEcho', args: {} }),
      )
      // And its refusal, with the field named.
      await expect(call!({ n: 1 }), "its row's check").rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        field: 'n',
      })
    } finally {
      kit.destroy()
    }
  })

  it('the lazy stub and the top-level page have it', async () => {
    const { lazy, top } = await withFakeFolder()
    const stub = lazy.lazyPlatform('https://panel.example/platform-top.js', {})
    expect(at(stub, 'widget.fixtureEcho'), 'lazy stub (src/sdk/lazy.ts)').toBeTypeOf('function')
    const page = top.createTopLevelPlatform({})
    const call = at(page, 'widget.fixtureEcho') as (() => Promise<unknown>) | undefined
    expect(call, 'top-level page (src/sdk/toplevel.ts)').toBeTypeOf('function')
    await expect(call!()).rejects.toMatchObject({ code: 'NOT_EMBEDDED' })
  })
})
