// Long: one script: read the built declarations, print and compare the report.
// The API report: what each published entry of the three packages exports, as its built `.d.ts`
// says it (and the names its built `.js` exports at run time), kept in api/*.api.md (the SDK),
// api/server/ and api/demo/. `npm run test:api` (after `npm run build`) fails when an entry
// exports something its committed report does not list, drops something it lists, or changes a
// signature; `npm run api:update` rewrites the reports, for a change that is meant (review their
// diff). `tsx scripts/api-report.ts --root DIR` checks the one package in DIR (reports in DIR/api).
//
// Why not api-extractor (7.60.1, measured on all eight entries with one shared compiler state):
// it reports nothing of `declare global` (`./global`'s report was empty: `Window.platform`, the
// script tag's type, went unguarded), it names a referenced type an entry does not export
// (`ae-forgotten-export`, 29 of them) without its shape, so a change to one went unseen, and it
// brings its own TypeScript (6.0.3) beside the pinned 5.9; no faster (9.5 s of CPU, this 8.2 s).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import ts from 'typescript'

/** `./package.json` is not code. */
const UNREPORTED = new Set(['./package.json'])

/** The three packages (npm workspaces) and where their reports are kept. */
const PACKAGES = [
  { dir: '.', reports: 'api' },
  { dir: 'server', reports: 'api/server' },
  { dir: 'demo', reports: 'api/demo' },
]

export interface Entry {
  /** The `exports` keys whose types are this file (`./global` and `./platform.js` share one). */
  keys: string[]
  /** The entry's `.d.ts`, relative to the package root. */
  types: string
  /** The report's file name in api/. */
  report: string
  /** The JavaScript each key loads (`default`), relative to the package root. */
  code: { key: string; file: string }[]
}

/** The package's reported entries, from its `package.json` `exports`, one per types file. */
export function entriesOf(root: string): Entry[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const byTypes = new Map<string, Entry>()
  for (const [key, value] of Object.entries<unknown>(pkg.exports ?? {})) {
    if (UNREPORTED.has(key)) continue
    const types = typeof value === 'object' && value ? (value as { types?: unknown }).types : null
    if (typeof types !== 'string') throw new Error(`exports["${key}"] has no types`)
    const path = types.replace(/^\.\//, '')
    const entry = byTypes.get(path) ?? {
      keys: [],
      types: path,
      report: reportName(pkg.name, key),
      code: [],
    }
    byTypes.set(path, entry)
    entry.keys.push(key)
    const code = (value as { default?: unknown }).default
    if (typeof code === 'string') entry.code.push({ key, file: code.replace(/^\.\//, '') })
  }
  return [...byTypes.values()]
}

const reportName = (name: string, key: string) =>
  `${key === '.' ? name : key.replace(/^\.\//, '').replace(/\.js$/, '')}.api.md`

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed })

/** A declaration as the report shows it: no comments, no `export`/`declare`, no import paths. */
function print(node: ts.Node): string {
  const shown = ts.isVariableDeclaration(node) ? node.parent.parent : node
  return printer
    .printNode(ts.EmitHint.Unspecified, shown, shown.getSourceFile())
    .replace(/^(export )?(default )?(declare )?/, '')
    .replace(/import\("[^"]*"\)\./g, '')
}

function kindOf(node: ts.Declaration): string {
  if (ts.isFunctionDeclaration(node)) return 'function'
  if (ts.isClassDeclaration(node)) return 'class'
  if (ts.isInterfaceDeclaration(node)) return 'interface'
  if (ts.isTypeAliasDeclaration(node)) return 'type'
  if (ts.isEnumDeclaration(node)) return 'enum'
  if (ts.isModuleDeclaration(node)) return 'namespace'
  if (ts.isVariableDeclaration(node)) {
    return node.parent.flags & ts.NodeFlags.Const ? 'const' : 'let'
  }
  return ts.SyntaxKind[node.kind]
}

/** The symbols a declaration's text names, each resolved to where it is declared. */
function referenced(node: ts.Node, checker: ts.TypeChecker): ts.Symbol[] {
  const found: ts.Symbol[] = []
  const visit = (n: ts.Node) => {
    let name: ts.Node | undefined
    if (ts.isTypeReferenceNode(n)) name = n.typeName
    else if (ts.isExpressionWithTypeArguments(n)) name = n.expression
    else if (ts.isTypeQueryNode(n)) name = n.exprName
    else if (ts.isImportTypeNode(n)) name = n.qualifier
    if (name) {
      const last = ts.isQualifiedName(name) ? name.right : name
      let symbol = checker.getSymbolAtLocation(last)
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol)
      if (symbol?.declarations?.length) found.push(symbol)
    }
    ts.forEachChild(n, visit)
  }
  visit(node)
  return found
}

/** An entry's exports, by name, each resolved to its declaration's symbol. */
function exportsOf(program: ts.Program, root: string, entry: Entry) {
  const checker = program.getTypeChecker()
  const file = program.getSourceFile(resolve(root, entry.types))
  if (!file) throw new Error(`${entry.types} is missing: run \`npm run build\` first`)
  const moduleSymbol = checker.getSymbolAtLocation(file)
  const exported = new Map<string, ts.Symbol>()
  for (const symbol of moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []) {
    exported.set(
      symbol.name,
      symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol,
    )
  }
  return { file, moduleSymbol, exported }
}

/** Which entries export each symbol: `./host`, or `./testing as DevHostOptions`. */
function publishers(program: ts.Program, root: string, entries: Entry[]) {
  const by = new Map<ts.Symbol, string[]>()
  for (const entry of entries) {
    for (const [name, symbol] of exportsOf(program, root, entry).exported) {
      const where = entry.keys[0] + (name === symbol.name ? '' : ` as ${name}`)
      by.set(symbol, [...(by.get(symbol) ?? []), where])
    }
  }
  return by
}

/** The walk from an entry's exports to what they reference: what is seen, left, and outside. */
interface Walk {
  program: ts.Program
  checker: ts.TypeChecker
  /** The package's own directory: a declaration under it (not in node_modules) is ours. */
  packageDir: string
  seen: Set<ts.Symbol>
  /** Our declarations reached and not yet printed. */
  pending: ts.Symbol[]
  /** Other packages' names reached, by module. */
  outside: Map<string, Set<string>>
}

/** Notes what `node` references: ours to print next, another package's by module. */
function follow(walk: Walk, node: ts.Node) {
  const isOurs = (d: ts.Node) => {
    const path = relative(walk.packageDir, d.getSourceFile().fileName)
    return !path.startsWith('..') && !path.includes('node_modules/')
  }
  const isLib = (d: ts.Node) => walk.program.isSourceFileDefaultLibrary(d.getSourceFile())
  for (const symbol of referenced(node, walk.checker)) {
    const declarations = symbol.declarations ?? []
    if (declarations.some(isLib) || walk.seen.has(symbol)) continue
    walk.seen.add(symbol)
    // Type parameters and members are part of the declaration already printed.
    if (declarations.every((d) => ts.isTypeParameterDeclaration(d) || !isDeclaredAtTop(d))) {
      continue
    }
    if (declarations.every(isOurs)) walk.pending.push(symbol)
    else {
      const module = moduleOf(declarations[0]!, walk.packageDir)
      walk.outside.set(module, (walk.outside.get(module) ?? new Set()).add(symbol.name))
    }
  }
}

/** One declaration's block of the report, its references followed. */
function block(walk: Walk, title: string, name: string, symbol: ts.Symbol, note = '') {
  const declarations = (symbol.declarations ?? []).filter(isDeclaredAtTop)
  const kinds = [...new Set(declarations.map(kindOf))].join(', ')
  const alias = symbol.name !== name ? ` (declared as ${symbol.name})` : ''
  const text = declarations.map(print).join('\n')
  for (const d of declarations) follow(walk, d)
  return `// ${title}${name}: ${kinds}${alias}${note}\n${text}\n`
}

/** The names a `.js` entry can give at run time: those exported as values, not `export type`. */
function valueNames(
  checker: ts.TypeChecker,
  moduleSymbol: ts.Symbol | undefined,
  exported: Map<string, ts.Symbol>,
) {
  return [...exported.keys()].filter((name) => {
    const symbol = moduleSymbol && checker.tryGetMemberInModuleExports(name, moduleSymbol)
    const typeOnly = symbol?.declarations?.some(
      (d) => ts.isExportSpecifier(d) && (d.isTypeOnly || d.parent.parent.isTypeOnly),
    )
    return !typeOnly && exported.get(name)!.flags & ts.SymbolFlags.Value
  })
}

/** The "Run time" lines: what each built `.js` of the entry exports, against `values`. */
function runtimeLines(root: string, entry: Entry, values: string[]) {
  return entry.code.map(({ key, file }) => {
    const names = runtimeExports(join(root, file))
    if (!names) return `- \`${key}\` (\`${file}\`): missing`
    const shown = names.length ? names.join(', ') : 'nothing'
    const untyped = names.filter((n) => !values.includes(n))
    const absent = values.filter((n) => !names.includes(n))
    return [
      `- \`${key}\` (\`${file}\`) exports ${shown}`,
      ...(untyped.length ? [`  - not in the types: ${untyped.join(', ')}`] : []),
      ...(absent.length ? [`  - in the types, not in the code: ${absent.join(', ')}`] : []),
    ].join('\n')
  })
}

/**
 * The report of one entry, from the `.d.ts` files under `root`. A declaration the entry reaches but
 * does not export says which entries publish it (`published by no entry`: a consumer cannot name it).
 */
export function reportOf(
  root: string,
  entry: Entry,
  program = programOf(root, [entry]),
  publishedBy = publishers(program, root, [entry]),
): string {
  const checker = program.getTypeChecker()
  const { file, moduleSymbol, exported } = exportsOf(program, root, entry)
  const walk: Walk = {
    program,
    checker,
    packageDir: resolve(root),
    seen: new Set(exported.values()),
    pending: [],
    outside: new Map(),
  }
  const exports = [...exported.keys()]
    .sort()
    .map((name) => block(walk, '', name, exported.get(name)!))
  const globals = file.statements
    .filter((s) => ts.isModuleDeclaration(s) && s.flags & ts.NodeFlags.GlobalAugmentation)
    .map((s) => {
      follow(walk, s)
      return `${print(s)}\n`
    })
  const unexported: string[] = []
  while (walk.pending.length) {
    const symbol = walk.pending.shift()!
    const where = publishedBy.get(symbol)
    const note = where ? `published by ${where.join(', ')}` : 'published by no entry'
    unexported.push(block(walk, 'not exported: ', symbol.name, symbol, ` (${note})`))
  }
  unexported.sort()

  const section = (title: string, items: string[]) =>
    items.length ? `\n## ${title} (${items.length})\n\n\`\`\`ts\n${items.join('\n')}\`\`\`\n` : ''
  const { outside } = walk
  const outsideLines = [...outside.keys()]
    .sort()
    .map((module) => `- \`${module}\`: ${[...outside.get(module)!].sort().join(', ')}`)
  const runtime = runtimeLines(root, entry, valueNames(checker, moduleSymbol, exported))
  return `# API report: ${entry.keys.map((k) => `\`${k}\``).join(', ')}

Generated by \`npm run api:update\` (scripts/api-report.ts) from \`${entry.types}\`; do not edit.
\`npm run test:api\` fails when the build differs from this file.
${section('Exports', exports)}${section('Global declarations', globals)}${section(
  'Referenced by the exports, not exported by this entry',
  unexported,
)}${outsideLines.length ? `\n## Types from other packages\n\n${outsideLines.join('\n')}\n` : ''}${
  runtime.length ? `\n## Run time\n\n${runtime.join('\n')}\n` : ''
}`
}

/**
 * The names a built ES module exports, read from its `export` statements (a script, such as the
 * IIFE `platform.js`, exports nothing); `undefined` when the file is missing.
 */
function runtimeExports(path: string): string[] | undefined {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS)
  const names: string[] = []
  for (const statement of file.statements) {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause
      if (clause && ts.isNamedExports(clause))
        names.push(...clause.elements.map((e) => e.name.text))
      else names.push(`* from ${(statement.moduleSpecifier as ts.StringLiteral).text}`)
    } else if (ts.isExportAssignment(statement)) names.push('default')
    else if (ts.canHaveModifiers(statement)) {
      const modifiers = ts.getModifiers(statement) ?? []
      if (!modifiers.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue
      if (modifiers.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) names.push('default')
      else if (ts.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations) names.push(d.name.getText(file))
      } else if ('name' in statement && statement.name) {
        names.push((statement.name as ts.Identifier).text)
      }
    }
  }
  return names.sort()
}

const isDeclaredAtTop = (d: ts.Node): boolean => {
  const statement = ts.isVariableDeclaration(d) ? d.parent.parent : d
  return ts.isSourceFile(statement.parent) || ts.isModuleBlock(statement.parent)
}

function moduleOf(declaration: ts.Node, packageDir: string): string {
  const path = relative(packageDir, declaration.getSourceFile().fileName)
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)
  return match ? match[1]! : path
}

const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: [],
  // Another package's types keep their node_modules path, so the report names the package.
  preserveSymlinks: true,
}

/** TypeScript's own lib files, parsed once per process (lib.dom.d.ts alone takes a while). */
const libs = new Map<string, ts.SourceFile | undefined>()

function programOf(root: string, entries: Entry[]): ts.Program {
  const host = ts.createCompilerHost(OPTIONS)
  const getSourceFile = host.getSourceFile
  host.getSourceFile = (name, ...rest) => {
    if (!name.startsWith(libDir)) return getSourceFile(name, ...rest)
    if (!libs.has(name)) libs.set(name, getSourceFile(name, ...rest))
    return libs.get(name)
  }
  return ts.createProgram(
    entries.map((e) => resolve(root, e.types)),
    OPTIONS,
    host,
  )
}

const libDir = resolve(ts.getDefaultLibFilePath(OPTIONS), '..')

/** The names a report lists as exports. */
const exportNames = (report: string): string[] =>
  [...report.matchAll(/^\/\/ ([^\s:]+): /gm)].map((m) => m[1]!)

/** The names a report lists as exported at run time, as `key name`. */
const runtimeNames = (report: string): string[] =>
  [...report.matchAll(/^- `([^`]+)` \(`[^`]+`\) exports (.*)$/gm)].flatMap(([, key, names]) =>
    names === 'nothing' ? [] : names!.split(', ').map((name) => `${key} ${name}`),
  )

/** Lines only in `before` (`-`) and only in `after` (`+`), from a longest common subsequence. */
export function diffLines(before: string, after: string): string[] {
  const a = before.split('\n')
  const b = after.split('\n')
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1))
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] =
        a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!)
    }
  }
  const out: string[] = []
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      i++
      j++
    } else if (i < a.length && (j === b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      out.push(`- ${a[i++]}`)
    } else out.push(`+ ${b[j++]}`)
  }
  return out
}

export interface CheckResult {
  ok: boolean
  /** One line per finding: an export added or dropped, a changed report, a missing one. */
  problems: string[]
  /** The changed lines of each report that differs. */
  diffs: string[]
}

/**
 * Compares every entry's report with the committed one in `root/api`; with `update`, writes the
 * reports instead, and deletes those of entries that are gone.
 */
export function checkApi(
  root: string,
  { update = false, reports = join(root, 'api'), label = 'api' } = {},
): CheckResult {
  const entries = entriesOf(root)
  const program = programOf(root, entries)
  const publishedBy = publishers(program, root, entries)
  const dir = reports
  const shown = label
  const problems: string[] = []
  const diffs: string[] = []
  if (update) mkdirSync(dir, { recursive: true })
  for (const entry of entries) {
    const report = reportOf(root, entry, program, publishedBy)
    const path = join(dir, entry.report)
    if (update) {
      writeFileSync(path, report)
      continue
    }
    let committed: string
    try {
      committed = readFileSync(path, 'utf8')
    } catch {
      problems.push(`${entry.keys.join(', ')}: no report ${shown}/${entry.report}`)
      continue
    }
    if (committed === report) continue
    const before = new Set(exportNames(committed))
    const after = new Set(exportNames(report))
    const where = entry.keys.join(', ')
    for (const name of after) if (!before.has(name)) problems.push(`${where}: exports ${name}, new`)
    for (const name of before) if (!after.has(name)) problems.push(`${where}: dropped ${name}`)
    const ran = new Set(runtimeNames(committed))
    const runs = new Set(runtimeNames(report))
    for (const item of runs) if (!ran.has(item)) problems.push(`${item}: new at run time`)
    for (const item of ran) if (!runs.has(item)) problems.push(`${item}: dropped at run time`)
    problems.push(`${where}: the build differs from ${shown}/${entry.report}`)
    diffs.push(`${shown}/${entry.report}:`, ...diffLines(committed, report).map((l) => `  ${l}`))
  }
  const reported = new Set(entries.map((e) => e.report))
  let files: string[] = []
  try {
    files = readdirSync(dir)
  } catch {}
  for (const name of files) {
    if (!name.endsWith('.api.md') || reported.has(name)) continue
    if (update) rmSync(join(dir, name))
    else problems.push(`${shown}/${name}: a report for no published entry`)
  }
  return { ok: problems.length === 0, problems, diffs }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const update = process.argv.includes('--update')
  // `--root DIR`: check another copy of the package (a package root with dist/types and api/).
  const at = process.argv.indexOf('--root')
  const repo = join(import.meta.dirname, '..')
  const packages =
    at > 0
      ? [
          {
            root: resolve(process.argv[at + 1]!),
            reports: join(resolve(process.argv[at + 1]!), 'api'),
          },
        ]
      : PACKAGES.map((p) => ({ root: join(repo, p.dir), reports: join(repo, p.reports) }))
  for (const { root, reports } of packages) {
    const result = checkApi(root, { update, reports, label: relative(repo, reports) })
    const name = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).name
    const where = relative(process.cwd(), reports) || '.'
    const count = entriesOf(root).length
    if (update) console.log(`api: ${name}: wrote ${count} reports to ${where}/`)
    else if (result.ok)
      console.log(`api: ${name}: ${count} entries match their reports in ${where}/`)
    else {
      console.error(result.diffs.join('\n'))
      console.error(
        `\nThe published API of ${name} changed:\n${result.problems.map((p) => `- ${p}`).join('\n')}\n` +
          'If that is meant, run `npm run api:update` and commit the reports with the change.',
      )
      process.exitCode = 1
    }
  }
}
