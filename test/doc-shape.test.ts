// The reference docs are read in pieces: a reader looks up one threat or one option. So a bullet,
// a numbered item or a table cell stays short (a longer one becomes a section of its own), and the
// docs say what is: how a defence came to be belongs in the commit that made it.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/** The most words one bullet, numbered item or table cell may hold. */
const MAX_WORDS = 80

/** Phrases that tell the docs' history instead of what is. */
const HISTORY = [/on the code before/i, /found in review/i]

/** The files checked: the threat model and every guide. `DOC_SHAPE_FILES` points it elsewhere. */
const FILES = process.env.DOC_SHAPE_FILES?.split(',') ?? [
  'SECURITY.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
]

interface Piece {
  line: number
  kind: 'item' | 'cell'
  words: number
  start: string
}

const count = (text: string) => text.split(/\s+/).filter(Boolean).length

/** A table row's cells, split on `|` outside code spans; `\|` is no separator. */
function cells(row: string): string[] {
  const out: string[] = []
  let cell = ''
  let code = false
  for (let i = 0; i < row.length; i++) {
    const c = row[i]
    if (c === '`') code = !code
    if (c === '\\' && row[i + 1] === '|') {
      cell += '\\|'
      i++
    } else if (c === '|' && !code) {
      out.push(cell)
      cell = ''
    } else cell += c
  }
  out.push(cell)
  // the text before the first pipe and after the last one are no cells
  return out.slice(1, -1)
}

/**
 * Every bullet, numbered item and table cell of a Markdown text, outside fenced code, with its
 * line and word count. An item runs on over its indented continuation lines and stops at a
 * blank line, a new item or anything not indented.
 */
function pieces(markdown: string): Piece[] {
  const out: Piece[] = []
  let fenced = false
  let item: Piece | undefined
  const lines = markdown.split('\n')
  lines.forEach((text, index) => {
    const line = index + 1
    if (/^\s*(```|~~~)/.test(text)) {
      fenced = !fenced
      item = undefined
      return
    }
    if (fenced) return
    const start = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/.exec(text)
    if (start) {
      item = { line, kind: 'item', words: count(start[1]!), start: start[1]!.slice(0, 60) }
      out.push(item)
      return
    }
    if (item && /^\s+\S/.test(text)) {
      item.words += count(text)
      return
    }
    item = undefined
    if (/^\s*\|/.test(text)) {
      for (const cell of cells(text.trim())) {
        out.push({ line, kind: 'cell', words: count(cell), start: cell.trim().slice(0, 60) })
      }
    }
  })
  return out
}

describe('the reference docs', () => {
  it('counts bullets, numbered items with their continuation, and table cells', () => {
    const text = [
      '- one two three',
      '  four five',
      '',
      '1. six seven',
      'not in the item',
      '| a b | `c | d` e |',
      '```',
      '- in code',
      '```',
    ].join('\n')
    expect(pieces(text).map(({ line, kind, words }) => [line, kind, words])).toEqual([
      [1, 'item', 5],
      [4, 'item', 2],
      [6, 'cell', 2],
      [6, 'cell', 4],
    ])
  })

  it.each(FILES)('%s keeps every bullet, numbered item and table cell short', (file) => {
    const long = pieces(readFileSync(file, 'utf8'))
      .filter((piece) => piece.words > MAX_WORDS)
      .map(
        (piece) => `${file}:${piece.line} ${piece.kind} of ${piece.words} words: ${piece.start}…`,
      )
    expect(long).toEqual([])
  })

  it.each(FILES)('%s says what is, not how it came to be', (file) => {
    const found = readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((text, index) =>
        HISTORY.filter((phrase) => phrase.test(text)).map(
          (phrase) => `${file}:${index + 1} ${phrase.source}`,
        ),
      )
    expect(found).toEqual([])
  })
})
