// The import graph of every hand-written source file (src, server, demo, scripts, bench, e2e):
// no loops, and no arrow back up from a package (src, server, demo) into the e2e suite. A loop
// means two modules are one module in two files; an import into e2e/ ships test code. Inside
// src, no folder imports a file of a folder above it, and the dev CLI's library (demo/lib) does
// not import the emulator, which builds on it: an arrow back up means the lower folder cannot be
// read, tested or moved without the one above it.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, posix, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

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

/**
 * Sibling folders of src and demo that still import each other (`twoWay`); can only shrink, as
 * above. Each is a layer to untangle: the operations' table and contracts from the host and the
 * events they build on.
 */
const KNOWN_TWO_WAY: string[] = ['src/events <-> src/operations', 'src/host <-> src/operations']

const FOLDERS = ['src', 'server', 'demo', 'scripts', 'bench', 'e2e']
/** The published packages: none of them may import the e2e suite. */
const PACKAGES = /^(src|server|demo)\//
const SOURCE = /\.(ts|mts|cts|tsx|js|mjs|cjs)$/

/** The packages' names, as the sources import them (tsconfig.json's `paths`), to their files. */
const BY_NAME: Record<string, string> = {
  'platform-widget-sdk': 'src/sdk/index.ts',
  'platform-widget-sdk/host': 'src/host/index.ts',
  'platform-widget-sdk/events': 'src/events/index.ts',
  'platform-widget-sdk/testing': 'src/testing/index.ts',
  'platform-widget-server': 'server/src/index.ts',
  'platform-widget-dev/emulator': 'demo/start-emulator.ts',
  'platform-widget-dev/playwright': 'demo/playwright/index.ts',
}

/** The files of a folder tree that git tracks or would track, generated and `.d.ts` left out. */
function sourceFiles(dir: string, folders: string[]): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...folders],
    { cwd: dir, encoding: 'utf8' },
  )
  return listed
    .split('\0')
    .filter((f) => SOURCE.test(f) && !f.endsWith('.d.ts') && !f.includes('/dist/'))
    .filter((f) => existsSync(join(dir, f)))
}

/** The file an import names, relative to the root, or null for a library. */
function resolveImport(from: string, spec: string, files: Set<string>): string | null {
  let base: string
  if (spec.startsWith('.')) base = posix.normalize(posix.join(posix.dirname(from), spec))
  else if (spec in BY_NAME) return BY_NAME[spec] ?? null
  else return null
  const stem = base.replace(/\.(js|mjs|cjs|ts|mts|cts|tsx)$/, '')
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.mts`,
    `${stem}.tsx`,
    `${stem}.js`,
    `${stem}.mjs`,
    `${base}/index.ts`,
    `${base}/index.js`,
  ]
  return candidates.find((c) => files.has(c)) ?? null
}

/** Each file's imports (static, re-exports, dynamic `import()`), type-only ones included. */
function importGraph(dir: string, files: string[]): Map<string, string[]> {
  const set = new Set(files)
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(join(dir, file), 'utf8'), true, true)
    const targets = info.importedFiles
      .map((i) => resolveImport(file, i.fileName, set))
      .filter((t): t is string => t !== null && t !== file)
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/** The strongly connected components of more than one file (Tarjan), each sorted. */
function loops(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  let next = 0
  const connect = (v: string): void => {
    index.set(v, next)
    low.set(v, next)
    next++
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w)
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0))
    }
    if (low.get(v) !== index.get(v)) return
    const component: string[] = []
    let w: string | undefined
    do {
      w = stack.pop()
      if (w === undefined) break
      onStack.delete(w)
      component.push(w)
    } while (w !== v)
    if (component.length > 1) found.push(component.sort())
  }
  for (const v of graph.keys()) if (!index.has(v)) connect(v)
  return found.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''))
}

/** One loop through a component, as `a -> b -> a`, so a failure names the imports to cut. */
function cycleIn(graph: Map<string, string[]>, component: string[]): string {
  const members = new Set(component)
  const start = component[0] ?? ''
  const path = [start]
  const seen = new Set([start])
  let at = start
  for (;;) {
    const targets = (graph.get(at) ?? []).filter((t) => members.has(t))
    const back = targets.find((t) => seen.has(t))
    if (back !== undefined) return [...path.slice(path.indexOf(back)), back].join(' -> ')
    at = targets[0] ?? start
    path.push(at)
    seen.add(at)
  }
}

/** Imports from a package into the e2e suite, as `from -> to`. */
function upward(graph: Map<string, string[]>): string[] {
  const found: string[] = []
  for (const [from, targets] of graph)
    if (PACKAGES.test(from))
      for (const to of targets) if (to.startsWith('e2e/')) found.push(`${from} -> ${to}`)
  return found.sort()
}

const isTest = (file: string) => /\.test(-d)?\.[cm]?tsx?$/.test(file)

/**
 * Imports running back up a folder tree, as `from -> to`: a source file of src (not a test)
 * importing a file whose folder holds its own (`src/a/b/c.ts` importing `src/a/x.ts` or
 * `src/x.ts`), and a source file of demo/lib importing demo/emulator. Tests beside the code may
 * cross: a test of the CLI's library may drive a real emulator.
 */
function backUp(graph: Map<string, string[]>): string[] {
  const found: string[] = []
  for (const [from, targets] of graph) {
    if (isTest(from)) continue
    const folder = posix.dirname(from)
    for (const to of targets) {
      const above = folder.startsWith(`${posix.dirname(to)}/`)
      if (
        (from.startsWith('src/') && above) ||
        (folder.startsWith('demo/lib') && to.startsWith('demo/emulator/'))
      )
        found.push(`${from} -> ${to}`)
    }
  }
  return found.sort()
}

/** The arrows back up beyond the folders allowed them, and allowed folders that have none. */
function backUpFailures(graph: Map<string, string[]>, knownFolders: string[]): string[] {
  const arrows = backUp(graph)
  const folderOf = (arrow: string) => posix.dirname(arrow.split(' -> ')[0] ?? '')
  const failures = arrows
    .filter((a) => !knownFolders.includes(folderOf(a)))
    .map((a) => `import back up a folder: ${a}`)
  for (const k of knownFolders)
    if (!arrows.some((a) => folderOf(a) === k))
      failures.push(`gone, delete from KNOWN_INTO_PARENT: ${k}`)
  return failures
}

/**
 * Sibling folders (or a folder and a file beside it) that import each other, at any depth, as
 * `a <-> b`, in src and demo: the two halves of one idea, or one of them in the wrong place.
 * Type-only imports count; tests do not (a test may drive its neighbour).
 */
function twoWay(graph: Map<string, string[]>): string[] {
  const arrows = new Set<string>()
  for (const [from, targets] of graph) {
    if (isTest(from) || !/^(src|demo)\//.test(from)) continue
    for (const to of targets) {
      const a = from.split('/')
      const b = to.split('/')
      let i = 0
      while (i < a.length - 1 && i < b.length - 1 && a[i] === b[i]) i++
      if (i === 0 || i >= a.length - 1 || i >= b.length - 1) continue
      arrows.add(`${a.slice(0, i + 1).join('/')} -> ${b.slice(0, i + 1).join('/')}`)
    }
  }
  const found: string[] = []
  for (const arrow of arrows) {
    const [x = '', y = ''] = arrow.split(' -> ')
    if (x < y && arrows.has(`${y} -> ${x}`)) found.push(`${x} <-> ${y}`)
  }
  return found.sort()
}

/** The two-way pairs beyond the known ones, and known ones that are gone. */
function twoWayFailures(graph: Map<string, string[]>, known: string[]): string[] {
  const pairs = twoWay(graph)
  return [
    ...pairs.filter((p) => !known.includes(p)).map((p) => `siblings import each other: ${p}`),
    ...known.filter((k) => !pairs.includes(k)).map((k) => `gone, delete from KNOWN_TWO_WAY: ${k}`),
  ]
}

/** What the test reports: the loops and upward imports beyond the known ones, and stale entries. */
function structureFailures(
  graph: Map<string, string[]>,
  knownLoops: string[][],
  knownUpward: string[],
): string[] {
  const failures: string[] = []
  const now = loops(graph)
  const within = (c: string[], k: string[]) => c.every((f) => k.includes(f))
  for (const c of now) {
    const known = knownLoops.find((k) => within(c, k))
    if (known === undefined) failures.push(`import loop: ${cycleIn(graph, c)}`)
    else if (known.length !== c.length)
      failures.push(`shrank, replace in KNOWN_LOOPS: ${known.join(', ')} with ${c.join(', ')}`)
  }
  for (const k of knownLoops)
    if (!now.some((c) => within(c, k)))
      failures.push(`gone, delete from KNOWN_LOOPS: ${k.join(', ')}`)
  const arrows = upward(graph)
  for (const a of arrows)
    if (!knownUpward.includes(a)) failures.push(`import back up into e2e/: ${a}`)
  for (const a of knownUpward)
    if (!arrows.includes(a)) failures.push(`gone, delete from KNOWN_UPWARD: ${a}`)
  return failures
}

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
      'src/events/index.ts': "import 'platform-widget-server'\nimport 'hono'",
    })
    expect(loops(graph)).toEqual([['server/src/index.ts', 'src/events/index.ts']])
  })
})
