// Size budgets for the script-tag bundles, run by `npm test` after the build.
// The README states platform.js's budget; test/readme.test.ts keeps the two in sync.
import { readFileSync } from 'node:fs'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { hostFirstLoad } from './host-size.mjs'

/** Largest gzip size of dist/platform.js, in bytes. */
export const BUDGET_GZIP = 4500
/**
 * Largest gzip size of dist/platform-top.js, which only a top-level page loads (its sign-in with
 * a code and verifier, renewals): 3,086 B when it was set, so it can only go down from here.
 */
export const BUDGET_TOP_GZIP = 3200

/**
 * Largest gzip size of the host's first load in a panel's build (`scripts/host-size.mjs`): what
 * `import { createHost } from 'platform-widget-sdk/host'` ships before any dialog opens; the
 * calls, the dialogs and each locale's words load apart (docs/panel.md has the figures).
 */
export const BUDGET_HOST_GZIP = 15000

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
  let over = false
  for (const [file, budget] of [
    ['dist/platform.js', BUDGET_GZIP],
    ['dist/platform-top.js', BUDGET_TOP_GZIP],
  ]) {
    const size = measure(file)
    const verdict = size.gzip <= budget ? 'within' : 'OVER'
    console.log(
      `${file}: ${size.minified} B minified, ${size.gzip} B gzip, ${size.brotli} B brotli — ${verdict} the ${budget} B gzip budget`,
    )
    over ||= size.gzip > budget
  }
  const host = await hostFirstLoad()
  const met = host.first.gzip <= BUDGET_HOST_GZIP
  console.log(
    `createHost's first load in a Vite build: ${host.first.minified} B minified, ${host.first.gzip} B gzip — ${met ? 'within' : 'OVER'} the ${BUDGET_HOST_GZIP} B gzip budget`,
  )
  over ||= !met
  for (const chunk of host.lazy) {
    console.log(`  loaded later: ${chunk.file}, ${chunk.minified} B minified, ${chunk.gzip} B gzip`)
  }
  if (over) process.exit(1)
}
