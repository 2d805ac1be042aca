// A new widget made as a developer makes one, from the packed packages, with no hand edit. Packs
// the three packages into an empty temporary folder, installs them there, runs the packed dev
// package's `init my-widget --port B --packages .` (B: seven free ports in a row), then in the
// widget `npm install` (the three from the tarballs, as init wrote; the rest from the npm cache
// `npm ci` filled, `--prefer-offline`), `npm test` (tsc, then vitest: the page with the test kit,
// the backend against an emulator the test run starts), and `npm run dev`, which must serve
// everything at B and up, then `npm run dev -- --port B2` at B2 and up
// (scripts/package-init-dev.mjs), and last `npm run test:e2e` (the template's Playwright tests in
// the real dev panel, which its config starts with `npm run dev`) in Chromium: CHROMIUM_PATH, else
// Debian's /usr/bin/chromium; without one it is skipped, saying so (under CI it fails). Fails on
// anything red; prints how long each step took. Run by `npm run test:package` (after build).
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { checkDev, freeBase } from './package-init-dev.mjs'
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
  // PACKAGE_INIT_PORT: where to start looking (a shared machine gives each run a range).
  const base = await freeBase(Number(process.env.PACKAGE_INIT_PORT) || undefined)
  const printed = step('init', () =>
    execFileSync(
      bin,
      ['init', 'my-widget', '--name', 'My widget', '--port', String(base), '--packages', '.'],
      { cwd: dir, encoding: 'utf8' },
    ),
  )
  for (const file of ['.gitignore', 'package.json', 'platform.config.json', 'README.md']) {
    if (!existsSync(path.join(widget, file))) throw new Error(`init wrote no ${file}`)
  }
  if (!printed.includes(`http://127.0.0.1:${base}/panel`)) {
    throw new Error(`init printed no next steps on port ${base}:\n${printed}`)
  }
  // A folder with anything in it is refused, with exit code 2 and a message, and left alone.
  const again = spawnSync(bin, ['init', widget], { cwd: dir, encoding: 'utf8' })
  if (again.status !== 2 || !again.stderr.includes('is not empty')) {
    throw new Error(`init into a used folder: exit ${again.status}, ${again.stderr}`)
  }

  // Installed as init wrote it: the three packages from the tarballs beside it, nothing edited.
  const pkg = JSON.parse(readFileSync(path.join(widget, 'package.json'), 'utf8'))
  for (const [name, tarball] of Object.entries(tarballs)) {
    const spec = `file:../${path.basename(tarball)}`
    const given = pkg.dependencies?.[name] ?? pkg.devDependencies?.[name]
    if (given !== spec || pkg.overrides?.[name] !== spec) {
      throw new Error(`init --packages wrote ${name}: ${given}, override ${pkg.overrides?.[name]}`)
    }
  }
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
  let t = performance.now()
  console.log(`npm run dev: ${await checkDev(widget, env, { base })}`)
  times.push(`npm run dev ${((performance.now() - t) / 1000).toFixed(1)} s`)
  t = performance.now()
  const moved = await freeBase(base + 10)
  console.log(
    `npm run dev -- --port ${moved}: ${await checkDev(widget, env, { base: moved, move: true })}`,
  )
  times.push(`npm run dev -- --port ${((performance.now() - t) / 1000).toFixed(1)} s`)
  const chromium =
    process.env.CHROMIUM_PATH ??
    process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ??
    (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)
  if (chromium) {
    step('npm run test:e2e', () =>
      execFileSync('npm', ['run', 'test:e2e'], {
        cwd: widget,
        env: { ...env, CHROMIUM_PATH: chromium, BROWSER: 'chromium' },
        stdio: 'inherit',
      }),
    )
  } else if (process.env.CI) {
    throw new Error('no Chromium for npm run test:e2e: set CHROMIUM_PATH')
  } else console.log('package-init: npm run test:e2e skipped: no Chromium (set CHROMIUM_PATH)')
} catch (error) {
  failed = true
  console.error(`package-init: ${error.message}`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
const total = ((performance.now() - started) / 1000).toFixed(1)
console.log(`package-init: ${failed ? 'FAILED' : 'ok'} in ${total} s (${times.join(', ')})`)
if (failed) process.exit(1)
