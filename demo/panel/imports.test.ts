// @vitest-environment node
// The dev package's sources import the SDK and the server kit by package name, as users do
// (DEVELOPERS.md, Packages): never by a path into another package's sources.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const demo = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const AREAS = ['panel', 'widgets']

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    return /\.(ts|js)$/.test(entry.name) ? [full] : []
  })
}

/** Every module specifier of `code`: static and dynamic imports, re-exports, `import()` types. */
const specifiers = (code: string) =>
  [...code.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!)

describe('the panel and sample widgets', () => {
  it('reach the SDK and the server kit by package name only', () => {
    const files = AREAS.flatMap((area) => sources(path.join(demo, area)))
    expect(files.length).toBeGreaterThan(20)
    const byPath = files.flatMap((file) =>
      specifiers(readFileSync(file, 'utf8'))
        .filter((s) => /^\.\.?\//.test(s))
        .filter((s) =>
          /^(src|server)\//.test(
            path.relative(path.dirname(demo), path.resolve(path.dirname(file), s)),
          ),
        )
        .map((s) => `${path.relative(demo, file)}: ${s}`),
    )
    expect(byPath).toEqual([])
  })
})
