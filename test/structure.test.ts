// The import graph of every hand-written source file (src, server, demo, scripts, bench, e2e):
// no loops, and no arrow back up from a package (src, server, demo) into the e2e suite. A loop
// means two modules are one module in two files; an import into e2e/ ships test code. Inside
// src, no folder imports a file of a folder above it, and the dev CLI's library (demo/lib) does
// not import the emulator, which builds on it: an arrow back up means the lower folder cannot be
// read, tested or moved without the one above it. In src and demo, no two sibling folders import
// each other: one of them leans on the other, never both. The graph and its rules are in
// test/support/import-graph.ts.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  backUpFailures,
  FOLDERS,
  importGraph,
  isTest,
  loops,
  sourceFiles,
  structureFailures,
  twoWayFailures,
} from './support/import-graph.js'

const root = resolve(import.meta.dirname, '..')

/**
 * The loops the tree still has, each as the files of one strongly connected component, sorted.
 * Type-only imports count: they tie the files as much for a reader. This list can only shrink:
 * an entry whose loop is gone, or lost a file, fails the test until it is deleted or narrowed,
 * and a new loop, or a known one that gained a file, is not on it.
 */
const KNOWN_LOOPS: string[][] = []

/** Known imports running back up into e2e/, as `from -> to`; can only shrink, as above. */
const KNOWN_UPWARD: string[] = []

/** Folders of src still importing their parent, as `src/...` folders; can only shrink, as above. */
const KNOWN_INTO_PARENT: string[] = []

/** Sibling folders of src and demo that still import each other (`twoWay`); can only shrink, as above. */
const KNOWN_TWO_WAY: string[] = []

describe('the import graph', () => {
  const files = sourceFiles(root, FOLDERS)
  const graph = importGraph(root, files)

  it('reads every folder and resolves the imports between them', () => {
    for (const folder of FOLDERS)
      expect(
        files.some((f) => f.startsWith(`${folder}/`)),
        folder,
      ).toBe(true)
    // By relative path and by package name.
    expect(graph.get('src/sdk/index.ts')?.length).toBeGreaterThan(0)
    expect(graph.get('server/src/webhooks.ts') ?? graph.get('server/src/index.ts')).toBeDefined()
    const byName = [...graph.values()].flat()
    expect(byName).toContain('src/events/index.ts')
    expect(byName).toContain('server/src/index.ts')
  })

  it('has no import loop and no import from a package into e2e/ beyond the known ones', () => {
    expect(structureFailures(graph, KNOWN_LOOPS, KNOWN_UPWARD)).toEqual([])
  })

  it('has no import back up a folder in src, nor from demo/lib into demo/emulator', () => {
    expect(backUpFailures(graph, KNOWN_INTO_PARENT)).toEqual([])
  })

  it('has no two sibling folders in src or demo importing each other, beyond the known ones', () => {
    expect(twoWayFailures(graph, KNOWN_TWO_WAY)).toEqual([])
  })

  // The README's layout paragraph, each claim against the graph (tests aside, as in `twoWay`).
  it("holds the README's statements about the layout", () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8')
    const edges = [...graph]
      .filter(([from]) => !isTest(from))
      .flatMap(([from, tos]) => tos.map((to) => [from, to] as const))
    const imports = (from: string, to: string) =>
      edges
        .filter(([a, b]) => a.startsWith(from) && b.startsWith(to))
        .map(([a, b]) => `${a} -> ${b}`)
    expect(readme).toContain(
      '`src/events` is the contract both sides share and imports nothing else from `src`',
    )
    expect(
      edges.filter(
        ([a, b]) =>
          a.startsWith('src/events/') && b.startsWith('src/') && !b.startsWith('src/events/'),
      ),
    ).toEqual([])
    expect(readme).toContain(
      '`src/sdk` is the iframe side and `src/host` the panel side, and they never import each other',
    )
    expect([...imports('src/sdk/', 'src/host'), ...imports('src/host/', 'src/sdk/')]).toEqual([])
    expect(readme).toContain(
      "the operations' handlers build on `src/host-kit` (dialogs, consent, the call's context), which imports neither",
    )
    expect([
      ...imports('src/host-kit/', 'src/host/'),
      ...imports('src/host-kit/', 'src/sdk/'),
      ...imports('src/host-kit/', 'src/operations/'),
    ]).toEqual([])
    expect(imports('src/operations/', 'src/host-kit/').length).toBeGreaterThan(0)
  })
})

describe('the check itself, on a tree made here', () => {
  const make = (tree: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'structure-'))
    for (const [file, text] of Object.entries(tree)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true })
      writeFileSync(join(dir, file), text)
    }
    execFileSync('git', ['init', '-q'], { cwd: dir })
    const graph = importGraph(dir, sourceFiles(dir, FOLDERS))
    rmSync(dir, { recursive: true, force: true })
    return graph
  }

  it('names a new loop, through type-only and dynamic imports too', () => {
    const graph = make({
      'src/a.ts': "import { b } from './b.js'\nexport const a = b",
      'src/b.ts': "import type { C } from './c.ts'\nexport const b = 1",
      'src/c.ts': "export type C = 1\nconst a = () => import('./a.js')",
      'src/d.ts': "import { a } from './a.js'",
    })
    expect(structureFailures(graph, [], [])).toEqual([
      'import loop: src/a.ts -> src/b.ts -> src/c.ts -> src/a.ts',
    ])
  })

  it('names a known loop that gained a file, and an entry whose loop is gone', () => {
    const graph = make({
      'demo/x.ts': "import './y.ts'",
      'demo/y.ts': "import './z.ts'",
      'demo/z.ts': "import './x.ts'",
    })
    expect(
      structureFailures(
        graph,
        [
          ['demo/x.ts', 'demo/y.ts'],
          ['src/p.ts', 'src/q.ts'],
        ],
        [],
      ),
    ).toEqual([
      'import loop: demo/x.ts -> demo/y.ts -> demo/z.ts -> demo/x.ts',
      'gone, delete from KNOWN_LOOPS: demo/x.ts, demo/y.ts',
      'gone, delete from KNOWN_LOOPS: src/p.ts, src/q.ts',
    ])
  })

  it('asks for a known loop that lost a file to be narrowed', () => {
    const graph = make({
      'src/x.ts': "import './y.ts'",
      'src/y.ts': "import './x.ts'",
      'src/z.ts': "import './x.ts'",
    })
    expect(structureFailures(graph, [['src/x.ts', 'src/y.ts', 'src/z.ts']], [])).toEqual([
      'shrank, replace in KNOWN_LOOPS: src/x.ts, src/y.ts, src/z.ts with src/x.ts, src/y.ts',
    ])
    expect(structureFailures(graph, [['src/x.ts', 'src/y.ts']], [])).toEqual([])
  })

  it('refuses a package importing e2e/, and lets scripts and bench use it', () => {
    const graph = make({
      'e2e/browser.ts': 'export const b = 1',
      'demo/shots.ts': "import { b } from '../e2e/browser.js'",
      'src/host/x.ts': "export * from '../../e2e/browser.ts'",
      'bench/run.ts': "import { b } from '../e2e/browser.ts'",
      'scripts/soak.mjs': "import '../e2e/browser.ts'",
    })
    expect(structureFailures(graph, [], [])).toEqual([
      'import back up into e2e/: demo/shots.ts -> e2e/browser.ts',
      'import back up into e2e/: src/host/x.ts -> e2e/browser.ts',
    ])
  })

  it('refuses an import into a folder above, and from demo/lib into demo/emulator', () => {
    const graph = make({
      'src/host/types.ts': 'export type T = 1',
      'src/host/dom.ts': "import type { T } from './types.js'",
      'src/host/dialog/ask.ts': "import type { T } from '../types.js'",
      'src/host/dialog/deep/x.ts': "import '../../../events/index.ts'\nimport '../../dom.js'",
      'src/host/dialog/ask.test.ts': "import '../dom.js'",
      'src/host/operations/pay.ts': "import '../dialog/ask.js'\nimport '../types.js'",
      'src/events/index.ts': 'export {}',
      'demo/shared/config.ts': 'export {}',
      'demo/emulator/app.ts': "import '../lib/paths.js'\nimport '../shared/config.js'",
      'demo/lib/paths.ts': "import '../emulator/app.js'\nimport '../shared/config.js'",
      'demo/lib/paths.test.ts': "import '../emulator/app.js'",
    })
    expect(backUpFailures(graph, ['src/host/operations', 'src/sdk'])).toEqual([
      'import back up a folder: demo/lib/paths.ts -> demo/emulator/app.ts',
      'import back up a folder: src/host/dialog/ask.ts -> src/host/types.ts',
      'import back up a folder: src/host/dialog/deep/x.ts -> src/host/dom.ts',
      'gone, delete from KNOWN_INTO_PARENT: src/sdk',
    ])
  })

  it('names sibling folders that import each other at any depth, type-only too', () => {
    const graph = make({
      'src/events/index.ts': "import type { T } from '../operations/pay/contract.js'",
      'src/operations/pay/contract.ts': "import '../../events/index.js'\nexport type T = 1",
      'src/operations/pay/handler.ts': "import '../../host/dialog/ask.js'",
      'src/host/dialog/ask.ts': 'export {}',
      'src/host/handlers.ts': "import '../operations/pay/handler.js'",
      'src/sdk/index.ts': "import '../events/index.js'",
      'src/sdk/index.test.ts': "import '../host/handlers.js'",
      'src/host/sdk-test.test.ts': "import '../sdk/index.js'",
      'demo/emulator/api/a.ts': "import '../control/b.js'",
      'demo/emulator/control/b.ts': "import '../api/a.js'",
    })
    expect(twoWayFailures(graph, ['src/host <-> src/operations', 'src/host <-> src/sdk'])).toEqual([
      'siblings import each other: demo/emulator/api <-> demo/emulator/control',
      'siblings import each other: src/events <-> src/operations',
      'gone, delete from KNOWN_TWO_WAY: src/host <-> src/sdk',
    ])
  })

  it('follows the packages by name to their sources', () => {
    const graph = make({
      'server/src/index.ts': "import { x } from 'platform-widget-sdk/events'",
      'src/operations/events.ts': "import 'platform-widget-server'\nimport 'hono'",
    })
    expect(loops(graph)).toEqual([['server/src/index.ts', 'src/operations/events.ts']])
  })
})
