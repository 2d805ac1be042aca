// @vitest-environment node
// No import loops in src: each module's relative imports are walked, type-only ones included (a
// loop of types is still two modules that cannot be read apart), and every cycle found is named.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '..')

/** The hand-written modules of `dir`, tests left out. */
function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return modules(path)
    return /\.ts$/.test(entry.name) && !/\.test(-d)?\.ts$/.test(entry.name) ? [path] : []
  })
}

/** The relative modules a module loads (`import`, `export … from`, `import()`), as .ts paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const statements = /(import|export)(\s+type)?\s*(?:[\w*{][^;'"]*?from\s*)?'(\.{1,2}\/[^']+)\.js'/g
  const found = [...text.matchAll(statements)].map((m) => m[3])
  const dynamic = [...text.matchAll(/import\(\s*'(\.{1,2}\/[^']+)\.js'/g)].map((m) => m[1])
  return [...found, ...dynamic].map((path) => resolve(dirname(file), `${path}.ts`))
}

/** Every cycle of the graph, once each, as the list of its modules. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (node: string) => {
    state.set(node, 'open')
    stack.push(node)
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue
      if (state.get(next) === 'open') found.push(stack.slice(stack.indexOf(next)))
      else if (!state.has(next)) visit(next)
    }
    stack.pop()
    state.set(node, 'done')
  }
  for (const node of graph.keys()) if (!state.has(node)) visit(node)
  return found
}

describe('import cycles', () => {
  it('finds a loop of two and of three', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['a']],
      ['c', ['d']],
      ['d', ['e']],
      ['e', ['c']],
      ['f', ['a']],
    ])
    expect(cycles(graph)).toEqual([
      ['a', 'b'],
      ['c', 'd', 'e'],
    ])
  })

  it('src has none', () => {
    const graph = new Map(modules(join(root, 'src')).map((file) => [file, importsOf(file)]))
    expect(graph.size).toBeGreaterThan(50)
    const named = cycles(graph).map((cycle) => cycle.map((f) => relative(root, f)).join(' → '))
    expect(named).toEqual([])
  })
})
