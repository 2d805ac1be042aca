// `node scripts/issue-refs.mjs`: the tracker's numbers in comments, test names and docs (the
// word "issue" or "issues" and a number, "#" or not), which no reader of the code can resolve:
// the reason goes in words, the number in the commit body. It reads every line of the
// hand-written source files (so a test's name counts as much as a comment) and of the Markdown
// files, itself and its test included, and exits 1 on any hit, listing them as `file:line: text`.
//
//   node scripts/issue-refs.mjs            lists the hits; exits 1 if there are any
//   node scripts/issue-refs.mjs --count    also prints the count per top folder
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

/** "issue" or "issues", any case, then a number, "#" or not; not a URL's `/issues/N`. */
export const REFERENCE = /\bissues?\s*#\d+|\bissues?\s+\d+/i
const SCANNED = /\.(ts|mts|cts|tsx|js|mjs|cjs|md)$/

/** The lines of one file's text that cite an issue, 1-based. */
export function hitsIn(text) {
  const hits = []
  text.split('\n').forEach((line, i) => {
    if (REFERENCE.test(line)) hits.push({ line: i + 1, text: line.trim() })
  })
  return hits
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { encoding: 'utf8' },
  )
    .split('\0')
    .filter((f) => SCANNED.test(f) && !f.endsWith('.d.ts'))
  const byFolder = new Map()
  let count = 0
  for (const file of files) {
    let text
    try {
      text = readFileSync(file, 'utf8')
    } catch {
      continue // deleted in the work tree, not yet in the index
    }
    // Generated files and the API reports copy what their sources say.
    if (file.startsWith('api/') || /^\/\/.*\bGenerated\b/i.test(text.split('\n', 1)[0] ?? ''))
      continue
    for (const hit of hitsIn(text)) {
      console.log(`${file}:${hit.line}: ${hit.text.slice(0, 160)}`)
      count++
      const folder = file.includes('/') ? file.slice(0, file.indexOf('/')) : '(root)'
      byFolder.set(folder, (byFolder.get(folder) ?? 0) + 1)
    }
  }
  if (process.argv.includes('--count'))
    for (const [folder, n] of [...byFolder].sort()) console.log(`  ${folder}: ${n}`)
  console.log(
    count
      ? `${count} references to the tracker: say the reason in words, the number in the commit body`
      : 'No references to the tracker in comments, test names or docs.',
  )
  if (count) process.exitCode = 1
}
