// Issue 26's done-when for `init`: a new widget made as a developer makes one, from the packed
// packages. Packs the three packages, runs the packed dev package's `init` in an empty temporary
// folder, installs the new widget with the three tarballs in place of the registry's (its
// `dependencies` and `overrides` point at them; the rest comes from the npm cache `npm ci`
// filled, `--prefer-offline`), runs its `npm test` (tsc, then vitest: the page with the test kit,
// the backend against an emulator the test run starts) and fails on anything red; then its
// `npm run dev` (scripts/package-init-dev.mjs). Prints how long each step took. Run by
// `npm run test:package` (after build).
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { checkDev } from './package-init-dev.mjs'
import { PACKAGES, pack } from './packages.mjs'

const started = performance.now()
const times = []
function step(what, run) {
  const t = performance.now()
  const result = run()
  times.push(`${what} ${((performance.now() - t) / 1000).toFixed(1)} s`)
  return result
}

const dir = mkdtempSync(path.join(tmpdir(), 'pws-init-'))
let failed = false
try {
  const tarballs = step('pack', () =>
    Object.fromEntries(Object.values(PACKAGES).map((pkg) => [pkg.name, pack(pkg, dir).tarball])),
  )
  // The packed command, run as `npx platform-widget-dev init` would run it: its own dist/cli.js
  // with its dependencies (hono, zod…) installed beside it.
  const tool = path.join(dir, 'tool')
  step('install the dev package', () => {
    execFileSync('npm', ['init', '-y'], { cwd: dir, stdio: 'ignore' })
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        tool,
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        ...Object.values(tarballs),
      ],
      { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] },
    )
  })
  const widget = path.join(dir, 'my-widget')
  const bin = path.join(tool, 'node_modules/.bin/platform-widget-dev')
  const printed = step('init', () =>
    execFileSync(bin, ['init', widget, '--name', 'My widget'], {
      cwd: dir,
      encoding: 'utf8',
    }),
  )
  for (const file of ['.gitignore', 'package.json', 'platform.config.json', 'README.md']) {
    if (!existsSync(path.join(widget, file))) throw new Error(`init wrote no ${file}`)
  }
  if (!printed.includes('npm run dev')) throw new Error(`init printed no next steps:\n${printed}`)
  // A folder with anything in it is refused, with exit code 2 and a message, and left alone.
  const again = spawnSync(bin, ['init', widget], { cwd: dir, encoding: 'utf8' })
  if (again.status !== 2 || !again.stderr.includes('is not empty')) {
    throw new Error(`init into a used folder: exit ${again.status}, ${again.stderr}`)
  }

  // The three packages from their tarballs, everywhere in the tree (the dev package depends on
  // the other two): a direct dependency's `overrides` entry must be the same spec as the dependency.
  const manifest = path.join(widget, 'package.json')
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'))
  pkg.overrides = {}
  for (const [name, tarball] of Object.entries(tarballs)) {
    const field = pkg.dependencies?.[name] ? 'dependencies' : 'devDependencies'
    if (!pkg[field]?.[name]) throw new Error(`the template does not depend on ${name}`)
    pkg[field][name] = `file:${tarball}`
    pkg.overrides[name] = `file:${tarball}`
  }
  writeFileSync(manifest, JSON.stringify(pkg, null, 2))
  step('npm install', () =>
    execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: widget,
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  )
  const env = { ...process.env }
  delete env.PLATFORM_URL // its tests start their own emulator
  for (const name of Object.keys(env))
    if (name.startsWith('VITEST') || name.startsWith('DEMO_')) delete env[name]
  // The inspector's "Copy as test", pasted as is into the widget's tests: its `npm test` below
  // typechecks it (tsc) and runs it (vitest, whose default environment there is Node).
  step('copy as test', () =>
    execFileSync(
      process.execPath,
      [
        'node_modules/vitest/vitest.mjs',
        'run',
        'demo/panel/app/test-source.test.ts',
        '-t',
        'runs as a file',
      ],
      {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: { ...env, COPIED_TEST_OUT: path.join(widget, 'src', 'copied.test.ts') },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    ),
  )
  if (!existsSync(path.join(widget, 'src', 'copied.test.ts'))) throw new Error('no copied test')
  step('npm test', () => execFileSync('npm', ['test'], { cwd: widget, env, stdio: 'inherit' }))
  const t = performance.now()
  console.log(`npm run dev: ${await checkDev(widget, env)}`)
  times.push(`npm run dev ${((performance.now() - t) / 1000).toFixed(1)} s`)
} catch (error) {
  failed = true
  console.error(`package-init: ${error.message}`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
const total = ((performance.now() - started) / 1000).toFixed(1)
console.log(`package-init: ${failed ? 'FAILED' : 'ok'} in ${total} s (${times.join(', ')})`)
if (failed) process.exit(1)
