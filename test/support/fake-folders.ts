// The fake operation folders of test/fixtures/operations, registered in the table as a real
// folder is (its line in the table, then what `npm run gen:operations` writes), by mocking the
// table and the generated modules: test/operation-layers.test.ts and
// test/operation-words.test.ts show what a new folder reaches.
import { vi } from 'vitest'
import type { Operation } from '../../src/events/operation.js'
import { OPERATIONS, sdkCalls } from '../../src/operations/index.js'

/** Undoes `withFakeFolder`'s mocks: call after each test that used it. */
export function unmockFakeFolders() {
  vi.doUnmock('../../src/events/sdk-calls.js')
  vi.doUnmock('../../src/operations/index.js')
  vi.doUnmock('../../src/events/method-names.js')
  vi.doUnmock('../../src/host/handlers.js')
  vi.resetModules()
}

/**
 * The modules under test, loaded anew with the fake folders registered (`fixtureEcho`, or those
 * named). The folders are loaded anew too, so that their validators' errors are those of the host
 * under test.
 */
export async function withFakeFolder(names: readonly string[] = ['fixtureEcho']) {
  vi.resetModules()
  const folder = (name: string) => `../fixtures/operations/${name}`
  const contracts = async () =>
    Object.fromEntries(
      await Promise.all(
        names.map(async (name) => [
          name,
          ((await import(`${folder(name)}/contract.ts`)) as Record<string, Operation>)[name]!,
        ]),
      ),
    ) as Record<string, Operation>
  const rows = await contracts()
  vi.doMock('../../src/events/sdk-calls.js', () => ({
    CALLS: sdkCalls({ ...OPERATIONS, ...rows }),
  }))
  vi.doMock('../../src/operations/index.js', async (original) => {
    const today = await original<typeof import('../../src/operations/index.js')>()
    return { ...today, OPERATIONS: { ...today.OPERATIONS, ...(await contracts()) } }
  })
  // The host's allow-list, generated beside `TraceMethod` once the fakes are in the table.
  vi.doMock('../../src/events/method-names.js', async (original) => ({
    HOST_METHODS: [
      ...(await original<typeof import('../../src/events/method-names.js')>()).HOST_METHODS,
      ...names,
    ],
  }))
  // What the generated registry holds once the fakes are in the table and their folders have a handler.
  vi.doMock('../../src/host/handlers.js', async (original) => {
    const today = await original<typeof import('../../src/host/handlers.js')>()
    const fakes = Object.fromEntries(
      await Promise.all(
        names.map(async (name) => [
          name,
          ((await import(`${folder(name)}/handler.ts`)) as { handle: unknown }).handle,
        ]),
      ),
    )
    return {
      ...today,
      handlers: { ...today.handlers, ...fakes },
      HANDLERS: { ...today.HANDLERS, ...fakes },
    }
  })
  const testing = await import('../../src/testing/index.js')
  const lazy = await import('../../src/sdk/lazy.js')
  const top = await import('../../src/sdk/toplevel.js')
  return { testing, lazy, top }
}
