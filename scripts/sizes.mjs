// `node scripts/sizes.mjs`: the hand-written files over 400 lines and the functions over 80 lines
// (issue 25: "one job per function, one idea per file"), largest first. A rough scan with the
// TypeScript compiler's parser, not a rule: a long function may stay when a one-line reason at
// its top says why, `// Long: <why>` on the line above it or as the first line of its body; it
// is then listed as explained. A long file likewise, with the reason in its first ten lines.
// Files whose first line says "Generated" are skipped. `npm run lint` runs it with --check.
//
//   node scripts/sizes.mjs            lists them; exits 0
//   node scripts/sizes.mjs --check    exits 1 if a file or an unexplained function is too long
//   node scripts/sizes.mjs --top 10   also prints the ten largest functions, whatever their size
//   node scripts/sizes.mjs --tests    also counts the callbacks of describe, it, test and hooks
//                                     (left out by default: a suite is a list, not a function)
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import ts from 'typescript'

const MAX_FILE_LINES = 400
const MAX_FUNCTION_LINES = 80
const REASON = /^\s*\/\/\s*Long:/

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

const longFiles = []
const functions = []
for (const file of files) {
  const text = readFileSync(file, 'utf8')
  if (/^\/\/.*\bGenerated\b/i.test(text.split('\n', 1)[0] ?? '')) continue
  const lines = text.split('\n')
  const count = text.endsWith('\n') ? lines.length - 1 : lines.length
  if (count > MAX_FILE_LINES) {
    longFiles.push({
      file,
      lines: count,
      explained: lines.slice(0, 10).some((l) => REASON.test(l)),
    })
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
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line
      const length = end - start + 1
      const bodyLine = source.getLineAndCharacterOfPosition(node.body.getStart(source)).line
      const explained =
        REASON.test(lines[start - 1] ?? '') || REASON.test(lines[bodyLine + 1] ?? '')
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
  `Files over ${MAX_FILE_LINES} lines (${longFiles.length}, ${unexplainedFiles.length} without a reason):`,
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
if (check && (unexplainedFiles.length || unexplained.length)) process.exit(1)
