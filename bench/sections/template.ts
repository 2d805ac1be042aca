import { readFileSync } from 'node:fs'

/**
 * The template `bench/sections/<name>.md` with each `{{key}}` replaced by `values[key]`: a
 * section's prose lives in its template, its tables and figures come from code.
 *
 * Templates are wrapped for reading. Blank lines separate the blocks of BENCHMARKS.md; in a
 * block, a line joins the one before it with one space, unless it starts a list item (`- `).
 * A block left empty (a placeholder whose value is '') is dropped.
 *
 * @example
 * fill('peers', { loads: '2', table: table(head, rows) })
 */
export function fill(name: string, values: Record<string, string>): string {
  const text = readFileSync(new URL(`./${name}.md`, import.meta.url), 'utf8')
  return text
    .trim()
    .split(/\n[ \t]*\n/)
    .map((block) =>
      block
        .split('\n')
        .map((line) => line.trim())
        .reduce((out, line) => (line.startsWith('- ') ? `${out}\n${line}` : `${out} ${line}`))
        .replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
          const value = values[key]
          if (value === undefined) throw new Error(`${name}.md: no value for {{${key}}}`)
          return value
        }),
    )
    .filter((block) => block !== '')
    .join('\n\n')
}
