// The published types stand alone: pack the package, install the tarball into an empty project,
// import every entry and compile it under `strict` with `skipLibCheck: false`, once with
// `moduleResolution: bundler` and once with `node16`. A .d.ts that imports a package consumers
// do not get (penpal is bundled, a devDependency) fails here with TS2307.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
const dir = mkdtempSync(join(tmpdir(), 'types-check-'))
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: 'pipe' })

try {
  const [pack] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', dir], root))
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  )
  // The npm cache holds the tarball's own dependencies after `npm ci`; the registry is asked only for metadata.
  run(
    'npm',
    [
      'install',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      join(dir, pack.filename),
    ],
    dir,
  )
  writeFileSync(
    join(dir, 'consumer.ts'),
    `import * as sdk from 'platform-widget-sdk'
import * as host from 'platform-widget-sdk/host'
import * as events from 'platform-widget-sdk/events'
import * as testing from 'platform-widget-sdk/testing'
import * as server from 'platform-widget-sdk/server'
import type {} from 'platform-widget-sdk/global'
import type {} from 'platform-widget-sdk/platform.js'

export const entries = [sdk.createPlatform, host.createHost, events.ErrorCode, testing.createTestHost, server.verifyPayment]
export const platform: sdk.Platform | undefined = window.platform
export type Options = host.HostOptions & sdk.PlatformOptions
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
