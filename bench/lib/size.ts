import { existsSync, readFileSync } from 'node:fs'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { piecesBySource, readSourceMap } from './sourcemap.ts'

export interface Sizes {
  minified: number
  gzip: number
  brotli: number
}

export const gzipSize = (buf: Buffer | string) => gzipSync(buf, { level: 9 }).length
export const brotliSize = (buf: Buffer | string) =>
  brotliCompressSync(buf, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(buf),
    },
  }).length

export function sizesOf(file: string): Sizes {
  const buf = readFileSync(file)
  return { minified: buf.length, gzip: gzipSize(buf), brotli: brotliSize(buf) }
}

export interface Part {
  /** A package name, or a source path under src/. */
  part: string
  /** Minified bytes from this part. */
  minified: number
  /** gzip bytes saved if this part's code were gone: gzip(all) − gzip(all without it). */
  gzipMarginal: number
}

const partOf = (source: string) => {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)
  return pkg ? (pkg[1] as string) : source
}

/** Attributes a minified bundle's bytes to packages and source files, through its source map. */
export function attribute(file: string): Part[] {
  const code = readFileSync(file, 'utf8')
  const pieces = piecesBySource(code, readSourceMap(file)).map((p) => ({
    part: partOf(p.source),
    text: p.text,
  }))
  if (pieces.map((p) => p.text).join('') !== code) throw new Error('source map split lost bytes')
  const total = gzipSize(code)
  const names = [...new Set(pieces.map((p) => p.part))]
  return names
    .map((part) => {
      const own = pieces.filter((p) => p.part === part).map((p) => p.text)
      const rest = pieces.filter((p) => p.part !== part).map((p) => p.text)
      return {
        part,
        minified: Buffer.byteLength(own.join('')),
        gzipMarginal: total - gzipSize(rest.join('')),
      }
    })
    .sort((a, b) => b.minified - a.minified)
}

/**
 * Splits the bytes a bundle takes from one bundled package by the `// src/<module>` sections of
 * that package's own (esbuild-built) file, e.g. penpal's `backwardCompatibility.ts`; with the
 * gzip marginal of each, and of all of `unused` together.
 */
export function attributeSections(
  file: string,
  pkg: string,
  unused: string[],
): {
  sections: { section: string; minified: number; gzipMarginal: number }[]
  unusedGzipMarginal: number
  gzipWithoutPackage: number
} {
  const code = readFileSync(file, 'utf8')
  const headers = new Map<string, { line: number; name: string }[]>()
  const sectionOf = (source: string, line: number) => {
    if (!headers.has(source)) {
      const text = existsSync(source) ? readFileSync(source, 'utf8') : ''
      headers.set(
        source,
        text.split('\n').flatMap((l, i) => {
          const m = /^\/\/ (src\/\S+)$/.exec(l.trim())
          return m ? [{ line: i, name: m[1] as string }] : []
        }),
      )
    }
    let name = '(other)'
    for (const h of headers.get(source) ?? []) if (h.line <= line) name = h.name
    return name
  }
  const pieces = piecesBySource(code, readSourceMap(file)).map((p) => ({
    ...p,
    section: partOf(p.source) === pkg ? sectionOf(p.source, p.line) : undefined,
  }))
  const total = gzipSize(code)
  const without = (drop: (section?: string) => boolean) =>
    total -
    gzipSize(
      pieces
        .filter((p) => !drop(p.section))
        .map((p) => p.text)
        .join(''),
    )
  const names = [...new Set(pieces.flatMap((p) => (p.section ? [p.section] : [])))]
  return {
    sections: names
      .map((section) => ({
        section,
        minified: Buffer.byteLength(
          pieces
            .filter((p) => p.section === section)
            .map((p) => p.text)
            .join(''),
        ),
        gzipMarginal: without((s) => s === section),
      }))
      .sort((a, b) => b.minified - a.minified),
    unusedGzipMarginal: without((s) => s !== undefined && unused.includes(s)),
    gzipWithoutPackage: total - without((s) => s !== undefined),
  }
}
