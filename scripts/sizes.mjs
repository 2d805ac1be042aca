// `node scripts/sizes.mjs`: the hand-written files over 400 lines (300 for the source under src/,
// its tests aside) and the functions over 80 lines of their own body (one job per function, one
// idea per file), largest first. A rough scan with
// the TypeScript compiler's parser. A function's own body leaves out the inside of the functions
// nested in it, each measured alone. A long one may stay when a one-line reason at its top says
// why, `// Long: <why>` on the line above it or as the first line of its body; it is then listed
// as explained. A long file likewise, with the reason in its first ten lines. The waivers are a
// budget, LONG_BUDGET below, that only goes down. Files whose first line says "Generated" are
// skipped. `npm run lint` runs it with --check.
//
//   node scripts/sizes.mjs            lists them and the waivers; exits 0
//   node scripts/sizes.mjs --check    exits 1 if a file or an unexplained function is too long,
//                                     or the count of `// Long:` lines is not LONG_BUDGET
//   node scripts/sizes.mjs --top 10   also prints the ten largest functions, whatever their size
//   node scripts/sizes.mjs --tests    also counts the callbacks of describe, it, test and hooks
//                                     (left out by default: a suite is a list, not a function)
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import ts from 'typescript'

const MAX_FILE_LINES = 400
// The packages' source under src/ (its tests aside) holds one idea per file, in less.
const MAX_SRC_LINES = 300
const TEST_FILE = /\.test(-d)?\.[cm]?[jt]sx?$/
/** The most lines `file` may have without a reason. */
const maxLines = (file) =>
  file.startsWith('src/') && !TEST_FILE.test(file) ? MAX_SRC_LINES : MAX_FILE_LINES
const MAX_FUNCTION_LINES = 80
const REASON = /^\s*\/\/\s*Long:/
// The `// Long:` waivers allowed: a budget that only goes down. --check fails above it, and
// below it too, so that a commit that removes a waiver lowers the number with it.
const LONG_BUDGET = 14

const args = process.argv.slice(2)
const check = args.includes('--check')
const topAt = args.indexOf('--top')
const top = topAt >= 0 ? Number(args[topAt + 1] ?? 10) : 0
const tests = args.includes('--tests')
const SUITE =
  /^(describe|it|test)(\.\w+)*$|^(before|after)(Each|All)$|^test\.(before|after)(Each|All)$/

/** A callback given to describe, it, test or a hook. */
function inSuite(node, source) {
  const parent = node.parent
  return ts.isCallExpression(parent) && SUITE.test(parent.expression.getText(source))
}

// Tracked files and new ones not ignored: what the next commit would hold.
const files = execFileSync(
  'git',
  ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
  {
    encoding: 'utf8',
  },
)
  .split('\0')
  .filter((file) => /\.(ts|mts|cts|tsx|js|mjs|cjs)$/.test(file) && !file.endsWith('.d.ts'))

/** A readable name for a function node: its own, or the variable, property or call it sits in. */
function nameOf(node, source) {
  if (node.name) return node.name.getText(source)
  const parent = node.parent
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))
    return parent.name.getText(source)
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText(source)})`
  return '(anonymous)'
}

/** The lines a node spans, first and last, 0-based. */
function span(node, source) {
  return [
    source.getLineAndCharacterOfPosition(node.getStart(source)).line,
    source.getLineAndCharacterOfPosition(node.getEnd()).line,
  ]
}

/**
 * A function's own body: the lines of its body less the inside of the functions nested in it
 * (their first and last lines stay: they are the outer function's statement too). A router
 * made of twenty handlers is twenty functions, each measured alone, not one long one.
 */
function ownLines(fn, source) {
  const [first, last] = span(fn.body, source)
  const own = new Set()
  for (let line = first; line <= last; line++) own.add(line)
  const cut = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const [from, to] = span(node, source)
      for (let line = from + 1; line < to; line++) own.delete(line)
      return
    }
    ts.forEachChild(node, cut)
  }
  ts.forEachChild(fn.body, cut)
  return own.size
}

/** Every `// Long:` line as `file:line`; the ones that explain a long file or function are used. */
const waivers = new Set()
const used = new Set()
const longFiles = []
const functions = []
for (const file of files) {
  const text = readFileSync(file, 'utf8')
  if (/^\/\/.*\bGenerated\b/i.test(text.split('\n', 1)[0] ?? '')) continue
  const lines = text.split('\n')
  lines.forEach((l, i) => {
    if (REASON.test(l)) waivers.add(`${file}:${i + 1}`)
  })
  /** Whether line i (0-based) is a waiver; if so, and `use`, it explains something. */
  const reason = (i, use) => {
    const is = REASON.test(lines[i] ?? '')
    if (is && use) used.add(`${file}:${i + 1}`)
    return is
  }
  const count = text.endsWith('\n') ? lines.length - 1 : lines.length
  if (count > maxLines(file)) {
    const at = lines.slice(0, 10).findIndex((l) => REASON.test(l))
    longFiles.push({ file, lines: count, explained: at >= 0 && reason(at, true) })
  }
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const visit = (node) => {
    if (
      ts.isFunctionLike(node) &&
      'body' in node &&
      node.body &&
      (tests || !inSuite(node, source))
    ) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const length = ownLines(node, source)
      const bodyLine = source.getLineAndCharacterOfPosition(node.body.getStart(source)).line
      const long = length > MAX_FUNCTION_LINES
      const explained = reason(start - 1, long) || reason(bodyLine + 1, long)
      functions.push({ file, line: start + 1, name: nameOf(node, source), length, explained })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
}

longFiles.sort((a, b) => b.lines - a.lines)
functions.sort((a, b) => b.length - a.length)
const long = functions.filter((f) => f.length > MAX_FUNCTION_LINES)
const unexplained = long.filter((f) => !f.explained)
const unexplainedFiles = longFiles.filter((f) => !f.explained)

console.log(
  `Files over ${MAX_FILE_LINES} lines, or ${MAX_SRC_LINES} for source under src/ (${longFiles.length}, ${unexplainedFiles.length} without a reason):`,
)
for (const f of longFiles) {
  const mark = f.explained ? '  (Long: explained)' : ''
  console.log(`  ${String(f.lines).padStart(5)}  ${f.file}${mark}`)
}
console.log(
  `\nFunctions over ${MAX_FUNCTION_LINES} lines (${long.length}, ${unexplained.length} without a reason):`,
)
for (const f of long) {
  const mark = f.explained ? '  (Long: explained)' : ''
  console.log(`  ${String(f.length).padStart(5)}  ${f.file}:${f.line}  ${f.name}${mark}`)
}
if (top > 0) {
  console.log(`\nThe ${top} largest functions:`)
  for (const f of functions.slice(0, top))
    console.log(`  ${String(f.length).padStart(5)}  ${f.file}:${f.line}  ${f.name}`)
}
// A waiver that explains nothing long any more: nothing fails, but it counts until deleted.
const stale = [...waivers].filter((w) => !used.has(w))
const count = waivers.size
console.log(`\n\`// Long:\` waivers: ${count}, budget ${LONG_BUDGET}`)
if (stale.length) {
  console.log(`  ${stale.length} explain nothing long now (they still count): delete them`)
  for (const w of stale) console.log(`    ${w}`)
}
let failed = unexplainedFiles.length > 0 || unexplained.length > 0
if (count > LONG_BUDGET) {
  console.log(`  over budget: shorten ${count - LONG_BUDGET} instead of explaining them`)
  failed = true
} else if (count < LONG_BUDGET) {
  console.log(`  under budget: lower LONG_BUDGET in scripts/sizes.mjs to ${count} in this commit`)
  failed = true
}
if (check && failed) process.exit(1)
