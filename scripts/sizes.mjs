// `node scripts/sizes.mjs`: the hand-written files over 400 lines (300 for the source under src/,
// its tests aside) and the functions over 80 lines, largest first (one job per function, one idea
// per file). A rough scan with the TypeScript compiler's parser. A function's length is every
// line of its body, the functions nested in it included: a factory of twenty inner functions is
// one long function, and its parts belong at module level over an explicit state. A long one may
// stay when a one-line reason at its top says why, `// Long: <why>` on the line above it or as
// the first line of its body; it is then listed as explained. A long file likewise, with the
// reason in its first ten lines. The waivers are a budget, LONG_BUDGET below, that only goes
// down. The long functions not yet split are listed by name in KNOWN_LONG, a list that only
// shrinks. Files whose first line says "Generated" are skipped. `npm run lint` runs it with
// --check.
//
//   node scripts/sizes.mjs            lists them and the waivers; exits 0
//   node scripts/sizes.mjs --check    exits 1 if a file is too long, a long function is neither
//                                     explained nor in KNOWN_LONG, an entry of KNOWN_LONG is not
//                                     long (or gone), or the count of `// Long:` lines is not
//                                     LONG_BUDGET
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
export const MAX_FUNCTION_LINES = 80
const REASON = /^\s*\/\/\s*Long:/
// The `// Long:` waivers allowed: a budget that only goes down. --check fails above it, and
// below it too, so that a commit that removes a waiver lowers the number with it.
const LONG_BUDGET = 14

/**
 * The functions over MAX_FUNCTION_LINES without a waiver, as `file:name`, still to be split into
 * module functions over an explicit state. This list can only shrink: an entry no longer long,
 * or gone, fails --check until it is deleted, and a new long function is not on it.
 */
export const KNOWN_LONG = [
  'src/host-kit/dialog/dialog.ts:(callback of new Promise)',
  'src/host-kit/dialog/dialog.ts:show',
  'src/host-kit/dialog/intent.ts:createIntent',
  'src/host-kit/guard.ts:createGuard',
  'src/host/host.ts:buildHost',
  // Over an explicit state object it added 151 B gzip to createHost's first load.
  'src/host/lifecycle.ts:watchLifecycle',
  'src/host/session.ts:openSession',
  // Over an explicit state object it added 98 B gzip to the chunk that answers a first call.
  'src/host/shared-lookups.ts:sharedLookups',
  'src/operations/smsCharge/handler.ts:handle',
  'src/operations/subscribe/handler.ts:handle',
  // The SDK's three: over an explicit state object (whose property names the minifier keeps),
  // each grew platform.js or platform-top.js past its gzip budget (scripts/size.mjs).
  'src/sdk/bridge.ts:link',
  'src/sdk/platform.ts:createPlatform',
  'src/sdk/toplevel.ts:createTopLevelPlatform',
]

const SUITE =
  /^(describe|it|test)(\.\w+)*$|^(before|after)(Each|All)$|^test\.(before|after)(Each|All)$/

/** A callback given to describe, it, test or a hook. */
function inSuite(node, source) {
  const parent = node.parent
  return ts.isCallExpression(parent) && SUITE.test(parent.expression.getText(source))
}

/** A readable name for a function node: its own, or the variable, property or call it sits in. */
function nameOf(node, source) {
  if (node.name) return node.name.getText(source)
  const parent = node.parent
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))
    return parent.name.getText(source)
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText(source)})`
  if (ts.isNewExpression(parent)) return `(callback of new ${parent.expression.getText(source)})`
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
 * A function's length: the lines its body spans, the functions nested in it included. A closure
 * that holds twenty inner functions is read as one, so it is measured as one.
 */
function lengthOf(fn, source) {
  const [first, last] = span(fn.body, source)
  return last - first + 1
}

/**
 * The functions of one file, each with its 1-based line, name, length and whether a `// Long:`
 * line explains it, and the 1-based lines of the waivers that explain a long one.
 */
export function functionsIn(file, text, { tests = false } = {}) {
  const lines = text.split('\n')
  const used = []
  const reason = (i, use) => {
    const is = REASON.test(lines[i] ?? '')
    if (is && use) used.push(i + 1)
    return is
  }
  const functions = []
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const visit = (node) => {
    if (
      ts.isFunctionLike(node) &&
      'body' in node &&
      node.body &&
      (tests || !inSuite(node, source))
    ) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const length = lengthOf(node, source)
      const bodyLine = source.getLineAndCharacterOfPosition(node.body.getStart(source)).line
      const long = length > MAX_FUNCTION_LINES
      const explained = reason(start - 1, long) || reason(bodyLine + 1, long)
      functions.push({ file, line: start + 1, name: nameOf(node, source), length, explained })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return { functions, used }
}

/**
 * What --check reports of the long functions: the unexplained ones not in `known`, and the
 * entries of `known` that name no unexplained long function any more.
 */
export function longFailures(functions, known) {
  const long = functions.filter((f) => f.length > MAX_FUNCTION_LINES && !f.explained)
  const names = new Set(long.map((f) => `${f.file}:${f.name}`))
  return [
    ...long
      .filter((f) => !known.includes(`${f.file}:${f.name}`))
      .map((f) => `too long (${f.length} lines): ${f.file}:${f.line} ${f.name}`),
    ...known
      .filter((k) => !names.has(k))
      .map((k) => `no longer long, delete from KNOWN_LONG: ${k}`),
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2)
  const check = args.includes('--check')
  const topAt = args.indexOf('--top')
  const top = topAt >= 0 ? Number(args[topAt + 1] ?? 10) : 0
  const tests = args.includes('--tests')

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
    const count = text.endsWith('\n') ? lines.length - 1 : lines.length
    if (count > maxLines(file)) {
      const at = lines.slice(0, 10).findIndex((l) => REASON.test(l))
      if (at >= 0) used.add(`${file}:${at + 1}`)
      longFiles.push({ file, lines: count, explained: at >= 0 })
    }
    const found = functionsIn(file, text, { tests })
    functions.push(...found.functions)
    for (const line of found.used) used.add(`${file}:${line}`)
  }

  longFiles.sort((a, b) => b.lines - a.lines)
  functions.sort((a, b) => b.length - a.length)
  const long = functions.filter((f) => f.length > MAX_FUNCTION_LINES)
  const unexplained = long.filter((f) => !f.explained)
  const unexplainedFiles = longFiles.filter((f) => !f.explained)
  // The ratchet is about the default scan: with --tests the suites' callbacks are long too.
  const failures = tests ? [] : longFailures(functions, KNOWN_LONG)

  console.log(
    `Files over ${MAX_FILE_LINES} lines, or ${MAX_SRC_LINES} for source under src/ (${longFiles.length}, ${unexplainedFiles.length} without a reason):`,
  )
  for (const f of longFiles) {
    const mark = f.explained ? '  (Long: explained)' : ''
    console.log(`  ${String(f.lines).padStart(5)}  ${f.file}${mark}`)
  }
  console.log(
    `\nFunctions over ${MAX_FUNCTION_LINES} lines (${long.length}, ${unexplained.length} without a reason, ${KNOWN_LONG.length} in KNOWN_LONG):`,
  )
  for (const f of long) {
    const known = KNOWN_LONG.includes(`${f.file}:${f.name}`)
    const mark = f.explained ? '  (Long: explained)' : known ? '  (KNOWN_LONG)' : ''
    console.log(`  ${String(f.length).padStart(5)}  ${f.file}:${f.line}  ${f.name}${mark}`)
  }
  for (const f of failures) console.log(`  ${f}`)
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
  let failed = unexplainedFiles.length > 0 || failures.length > 0
  if (count > LONG_BUDGET) {
    console.log(`  over budget: shorten ${count - LONG_BUDGET} instead of explaining them`)
    failed = true
  } else if (count < LONG_BUDGET) {
    console.log(`  under budget: lower LONG_BUDGET in scripts/sizes.mjs to ${count} in this commit`)
    failed = true
  }
  if (check && failed) process.exit(1)
}
