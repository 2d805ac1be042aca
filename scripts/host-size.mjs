// What a panel's bundler ships for `import { createHost } from 'platform-widget-sdk/host'`: the
// built package bundled by Vite as a panel's own build would (minified, code splitting on). The
// first load is the entry chunk and every chunk it imports statically; the rest (dialogs,
// handlers, each locale's words) loads with `import()` when the panel first needs it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'

const gzip = (code) => gzipSync(code, { level: 9 }).length

/**
 * Bundles `source` (a panel's entry) against `dist/` and sizes its chunks.
 * @returns {Promise<{ first: { minified: number, gzip: number }, lazy: { file: string, minified: number, gzip: number }[] }>}
 */
export async function hostFirstLoad(
  source = "import { createHost } from 'platform-widget-sdk/host'\nwindow.createHost = createHost\n",
) {
  const dir = mkdtempSync(path.join(tmpdir(), 'host-size-'))
  try {
    const entry = path.join(dir, 'main.js')
    writeFileSync(entry, source)
    const result = await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      resolve: {
        alias: { 'platform-widget-sdk/host': path.resolve('dist/host.js') },
      },
      build: { write: false, minify: true, modulePreload: false, rollupOptions: { input: entry } },
    })
    const chunks = (Array.isArray(result) ? result[0] : result).output.filter(
      (o) => o.type === 'chunk',
    )
    const byName = new Map(chunks.map((c) => [c.fileName, c]))
    const first = new Set()
    const visit = (chunk) => {
      if (first.has(chunk)) return
      first.add(chunk)
      for (const name of chunk.imports) visit(byName.get(name))
    }
    for (const chunk of chunks) if (chunk.isEntry) visit(chunk)
    const code = [...first].map((c) => c.code).join('\n')
    return {
      first: { minified: Buffer.byteLength(code), gzip: gzip(code) },
      lazy: chunks
        .filter((c) => !first.has(c))
        .map((c) => ({
          file: c.fileName.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '.js'),
          minified: Buffer.byteLength(c.code),
          gzip: gzip(c.code),
        })),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
