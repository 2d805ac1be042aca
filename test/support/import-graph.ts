// The import graph of the repository's sources and the rules read off it, for
// test/structure.test.ts: loops, imports into e2e/, imports back up a folder, and sibling
// folders that import each other.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import ts from 'typescript'

export const FOLDERS = ['src', 'server', 'demo', 'scripts', 'bench', 'e2e']
/** The published packages: none of them may import the e2e suite. */
const PACKAGES = /^(src|server|demo)\//
const SOURCE = /\.(ts|mts|cts|tsx|js|mjs|cjs)$/

/** The packages' names, as the sources import them (tsconfig.json's `paths`), to their files. */
const BY_NAME: Record<string, string> = {
  'platform-widget-sdk': 'src/sdk/index.ts',
  'platform-widget-sdk/host': 'src/host/index.ts',
  'platform-widget-sdk/events': 'src/operations/events.ts',
  'platform-widget-sdk/testing': 'src/testing/index.ts',
  'platform-widget-server': 'server/src/index.ts',
  'platform-widget-dev/emulator': 'demo/start-emulator.ts',
  'platform-widget-dev/playwright': 'demo/playwright/index.ts',
}

/** The files of a folder tree that git tracks or would track, generated and `.d.ts` left out. */
export function sourceFiles(dir: string, folders: string[]): string[] {
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
export function resolveImport(from: string, spec: string, files: Set<string>): string | null {
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
export function importGraph(dir: string, files: string[]): Map<string, string[]> {
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
export function loops(graph: Map<string, string[]>): string[][] {
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
export function cycleIn(graph: Map<string, string[]>, component: string[]): string {
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
export function upward(graph: Map<string, string[]>): string[] {
  const found: string[] = []
  for (const [from, targets] of graph)
    if (PACKAGES.test(from))
      for (const to of targets) if (to.startsWith('e2e/')) found.push(`${from} -> ${to}`)
  return found.sort()
}

export const isTest = (file: string) => /\.test(-d)?\.[cm]?tsx?$/.test(file)

/**
 * Imports running back up a folder tree, as `from -> to`: a source file of src (not a test)
 * importing a file whose folder holds its own (`src/a/b/c.ts` importing `src/a/x.ts` or
 * `src/x.ts`), and a source file of demo/lib importing demo/emulator. Tests beside the code may
 * cross: a test of the CLI's library may drive a real emulator.
 */
export function backUp(graph: Map<string, string[]>): string[] {
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
export function backUpFailures(graph: Map<string, string[]>, knownFolders: string[]): string[] {
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
export function twoWay(graph: Map<string, string[]>): string[] {
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
export function twoWayFailures(graph: Map<string, string[]>, known: string[]): string[] {
  const pairs = twoWay(graph)
  return [
    ...pairs.filter((p) => !known.includes(p)).map((p) => `siblings import each other: ${p}`),
    ...known.filter((k) => !pairs.includes(k)).map((k) => `gone, delete from KNOWN_TWO_WAY: ${k}`),
  ]
}

/** What the test reports: the loops and upward imports beyond the known ones, and stale entries. */
export function structureFailures(
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
