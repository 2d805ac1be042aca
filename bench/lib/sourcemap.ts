import { readFileSync } from 'node:fs'
import path from 'node:path'

/** One mapping segment: generated column, and (when mapped) source index, line and column. */
export interface Segment {
  col: number
  source?: number
  line?: number
  srcCol?: number
}

export interface SourceMap {
  sources: string[]
  /** Segments per generated line, sorted by column. */
  lines: Segment[][]
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const DIGIT = new Map([...B64].map((c, i) => [c, i]))

function decodeVlq(text: string): number[] {
  const out: number[] = []
  let value = 0
  let shift = 0
  for (const c of text) {
    const digit = DIGIT.get(c)
    if (digit === undefined) throw new Error(`bad VLQ character ${c}`)
    value += (digit & 31) * 2 ** shift
    if (digit & 32) {
      shift += 5
    } else {
      out.push(value & 1 ? -Math.floor(value / 2) : Math.floor(value / 2))
      value = 0
      shift = 0
    }
  }
  return out
}

/** Reads `file.map` (version 3, no index maps) next to `file`. */
export function readSourceMap(file: string): SourceMap {
  const raw = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as {
    sources: string[]
    mappings: string
  }
  const base = path.dirname(file)
  const sources = raw.sources.map((s) => path.relative(process.cwd(), path.resolve(base, s)))
  let source = 0
  let line = 0
  let srcCol = 0
  const lines = raw.mappings.split(';').map((text) => {
    let col = 0
    const segments: Segment[] = []
    for (const part of text.split(',')) {
      if (!part) continue
      const [dc = 0, ds, dl, dcol] = decodeVlq(part)
      col += dc
      if (ds === undefined || dl === undefined || dcol === undefined) {
        segments.push({ col })
        continue
      }
      source += ds
      line += dl
      srcCol += dcol
      segments.push({ col, source, line, srcCol })
    }
    return segments.sort((a, b) => a.col - b.col)
  })
  return { sources, lines }
}

/** The original source file and line (1-based) of a generated position (0-based line and column). */
export function lookup(
  map: SourceMap,
  line: number,
  col: number,
): { source: string; line: number } | undefined {
  const segments = map.lines[line]
  if (!segments?.length) return undefined
  let lo = 0
  let hi = segments.length - 1
  let found: Segment | undefined
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const seg = segments[mid] as Segment
    if (seg.col <= col) {
      found = seg
      lo = mid + 1
    } else {
      hi = mid - 1
    }
  }
  if (found?.source === undefined || found.line === undefined) return undefined
  return { source: map.sources[found.source] ?? '?', line: found.line + 1 }
}

/**
 * Splits the generated `code` into pieces, in order, each with the original source its
 * characters came from (`(unmapped)` where no segment covers them).
 */
export function piecesBySource(
  code: string,
  map: SourceMap,
): { source: string; line: number; text: string }[] {
  const out: { source: string; line: number; text: string }[] = []
  let line = -1
  const push = (source: string, text: string) => {
    if (text) out.push({ source, line, text })
  }
  const lines = code.split('\n')
  lines.forEach((text, i) => {
    const segments = map.lines[i] ?? []
    let pos = 0
    let current = '(unmapped)'
    for (const seg of segments) {
      push(current, text.slice(pos, seg.col))
      pos = seg.col
      current = seg.source === undefined ? '(unmapped)' : (map.sources[seg.source] ?? '?')
      line = seg.line ?? -1
    }
    push(current, text.slice(pos))
    if (i < lines.length - 1) push(current, '\n')
  })
  return out
}
