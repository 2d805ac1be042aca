// Size budget for the script-tag bundle, run by `npm test` after the build.
// The README states the same budget; src/../test/readme.test.ts keeps the two in sync.
import { readFileSync } from 'node:fs'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** Largest gzip size of dist/platform.js, in bytes. */
export const BUDGET_GZIP = 4500

export function measure(file = 'dist/platform.js') {
  const code = readFileSync(file)
  return {
    minified: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
    brotli: brotliCompressSync(code, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length,
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const size = measure()
  const verdict = size.gzip <= BUDGET_GZIP ? 'within' : 'OVER'
  console.log(
    `dist/platform.js: ${size.minified} B minified, ${size.gzip} B gzip, ${size.brotli} B brotli — ${verdict} the ${BUDGET_GZIP} B gzip budget`,
  )
  if (size.gzip > BUDGET_GZIP) process.exit(1)
}
