// The published types stand alone: pack the SDK and the server kit, install the tarballs into an
// empty project, import every entry and compile it under `strict` with `skipLibCheck: false`,
// once with `moduleResolution: bundler` and once with `node16`. A .d.ts that imports a package
// consumers do not get (penpal is bundled, a devDependency; the server kit's types import
// openapi-fetch and the SDK's contract, its dependencies) fails here with TS2307.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { installInto, PACKAGES, pack, ROOT } from './packages.mjs'

const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')
const dir = mkdtempSync(join(tmpdir(), 'types-check-'))
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: 'pipe' })

try {
  installInto(dir, [pack(PACKAGES.sdk, dir).tarball, pack(PACKAGES.server, dir).tarball])
  writeFileSync(
    join(dir, 'consumer.ts'),
    `import * as sdk from 'platform-widget-sdk'
import * as host from 'platform-widget-sdk/host'
import * as events from 'platform-widget-sdk/events'
import * as testing from 'platform-widget-sdk/testing'
import * as server from 'platform-widget-server'
import type {} from 'platform-widget-sdk/global'
import type {} from 'platform-widget-sdk/platform.js'

export const entries = [sdk.createPlatform, host.createHost, events.ErrorCode, testing.createTestHost, server.verifyPayment]
export const platform: sdk.Platform | undefined = window.platform
export type Options = host.HostOptions & sdk.PlatformOptions
// The server kit's errors are the contract's PlatformError.
export const same: typeof events.PlatformError = server.PlatformError
export const apiError: events.PlatformError = new server.PlatformApiError(401, { error: 'X', message: 'x' })
export type Profile = server.paths['/open-platform/v1/profile/information']['get']
`,
  )
  const failures = []
  for (const [moduleResolution, module] of [
    ['bundler', 'esnext'],
    ['node16', 'node16'],
  ]) {
    const config = {
      compilerOptions: {
        strict: true,
        skipLibCheck: false,
        noEmit: true,
        target: 'es2022',
        lib: ['es2022', 'dom', 'dom.iterable'],
        types: [],
        module,
        moduleResolution,
      },
      files: ['consumer.ts'],
    }
    const file = join(dir, `tsconfig.${moduleResolution}.json`)
    writeFileSync(file, JSON.stringify(config))
    try {
      run(process.execPath, [tsc, '-p', file], dir)
      console.log(
        `types: every entry compiles in a strict project (moduleResolution ${moduleResolution})`,
      )
    } catch (error) {
      failures.push(`moduleResolution ${moduleResolution}:\n${error.stdout || error.message}`)
    }
  }
  if (failures.length) {
    console.error(
      `The published types do not compile in a consumer project:\n${failures.join('\n')}`,
    )
    process.exitCode = 1
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
