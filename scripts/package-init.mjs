// The README's widget quick start, run word for word as a new developer runs it from a clone:
// each line of its first `sh` block under "Quick start: a widget", in order, `cd` included, with
// no environment variable of ours (CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH and BROWSER
// are removed: the template finds Chromium itself). Three things differ, and only these:
// - the clone is a temporary folder holding what `npm ci && npm run pack:local` leave there:
//   `packed/` with the three tarballs (packed once for all the package checks) and the packed
//   dev package's `dist/` as `demo/dist/` (its dependencies installed beside it); so `npm ci` and
//   `npm run pack:local` are not run again (they would rebuild this checkout under the tests);
// - `init` gets `--port B` (B: seven free ports in a row; a shared machine has 4400 in use);
// - npm takes `--prefer-offline` from the environment (npm_config_prefer_offline): the packages
//   come from the cache `npm ci` filled.
// Then, beyond the README: init into a used folder is refused; the inspector's "Copy as test",
// pasted as is into the widget's src/, type-checks and passes; `npm run dev` serves everything at
// B and up, and `npm run dev -- --port B2` at B2 and up (scripts/package-init-dev.mjs). Without a
// Chromium (no CHROMIUM_PATH given, no /usr/bin/chromium) `npm run test:e2e` is skipped, saying
// so (under CI it fails). Fails on anything red; prints how long each step took. Run by
// `npm run test:package` (after build).
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { checkDev, freeBase } from './package-init-dev.mjs'
import { PACKAGES, pack, ROOT } from './packages.mjs'

const started = performance.now()
const times = []
function step(what, run) {
  const t = performance.now()
  const result = run()
  times.push(`${what} ${((performance.now() - t) / 1000).toFixed(1)} s`)
  return result
}

/** The command lines of the README's widget quick start: its first `sh` block there. */
function quickStart(readme) {
  const section = readme.slice(readme.indexOf('## Quick start: a widget'))
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1]
  if (!block) throw new Error('README.md: no sh block under "Quick start: a widget"')
  return block
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter(Boolean)
}
const CLONE_STEPS = ['npm ci', 'npm run pack:local']

const dir = mkdtempSync(path.join(tmpdir(), 'pws-init-'))
let failed = false
try {
  const lines = quickStart(readFileSync(path.join(ROOT, 'README.md'), 'utf8'))
  if (lines.slice(0, 2).join('\n') !== CLONE_STEPS.join('\n')) {
    throw new Error(`README.md's quick start starts with ${lines.slice(0, 2)}, not ${CLONE_STEPS}`)
  }
  const clone = path.join(dir, 'clone')
  const packed = path.join(clone, 'packed')
  mkdirSync(packed, { recursive: true })
  const tarballs = step('pack', () =>
    Object.fromEntries(Object.values(PACKAGES).map((pkg) => [pkg.name, pack(pkg, packed).tarball])),
  )
  // What `npm run pack:local` leaves in the clone: demo/dist/cli.js, run with its dependencies
  // (hono, zod…) found beside it: the packed dev package, installed.
  step('install the dev package', () => {
    execFileSync(
      'npm',
      [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        ...Object.values(tarballs),
      ],
      { cwd: clone, stdio: ['ignore', 'ignore', 'inherit'] },
    )
    mkdirSync(path.join(clone, 'demo'))
    symlinkSync(
      path.join(clone, 'node_modules/platform-widget-dev/dist'),
      path.join(clone, 'demo/dist'),
    )
  })
  // PACKAGE_INIT_PORT: where to start looking (a shared machine gives each run a range).
  const base = await freeBase(Number(process.env.PACKAGE_INIT_PORT) || undefined)
  const env = { ...process.env, npm_config_prefer_offline: 'true' }
  delete env.PLATFORM_URL // its tests start their own emulator
  for (const name of ['CHROMIUM_PATH', 'PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH', 'BROWSER'])
    delete env[name]
  for (const name of Object.keys(env))
    if (name.startsWith('VITEST') || name.startsWith('DEMO_')) delete env[name]
  // A Chromium named by the caller where Debian's is not: the one variable passed on.
  const given = process.env.CHROMIUM_PATH || process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH
  if (given && !existsSync('/usr/bin/chromium')) env.CHROMIUM_PATH = given

  let cwd = clone
  let widget
  for (const line of lines.slice(CLONE_STEPS.length)) {
    const [command, ...args] = line.split(/\s+/)
    if (command === 'cd') {
      cwd = path.resolve(cwd, args[0])
      continue
    }
    if (line === 'npm run test:e2e' && !given && !existsSync('/usr/bin/chromium')) {
      if (process.env.CI) throw new Error('no Chromium for npm run test:e2e: set CHROMIUM_PATH')
      console.log('package-init: npm run test:e2e skipped: no Chromium (set CHROMIUM_PATH)')
      continue
    }
    const isInit = args[1] === 'init'
    const argv = isInit ? [...args, '--port', String(base)] : args
    const printed = step(line, () =>
      execFileSync(command, argv, {
        cwd,
        env,
        encoding: 'utf8',
        stdio: ['ignore', isInit ? 'pipe' : 'inherit', 'inherit'],
      }),
    )
    if (isInit) {
      widget = path.resolve(cwd, args[2])
      checkInit(widget, printed, base, tarballs, { cwd, command, args: args.slice(0, 2) })
    }
  }
  if (!widget) throw new Error("README.md's quick start runs no init")
  await beyondReadme(widget, env, base)
} catch (error) {
  failed = true
  console.error(`package-init: ${error.message}`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
/** What init wrote, printed and refuses, beyond the README's steps. */
function checkInit(widget, printed, base, tarballs, init) {
  for (const file of ['.gitignore', 'package.json', 'platform.config.json', 'README.md']) {
    if (!existsSync(path.join(widget, file))) throw new Error(`init wrote no ${file}`)
  }
  if (!printed.includes(`http://127.0.0.1:${base}/panel`)) {
    throw new Error(`init printed no next steps on port ${base}:\n${printed}`)
  }
  // A folder with anything in it is refused, with exit code 2 and a message, and left alone.
  const again = spawnSync(init.command, [...init.args, widget], { cwd: init.cwd, encoding: 'utf8' })
  if (again.status !== 2 || !again.stderr.includes('is not empty')) {
    throw new Error(`init into a used folder: exit ${again.status}, ${again.stderr}`)
  }
  // The three packages from the tarballs in packed/, nothing edited.
  const pkg = JSON.parse(readFileSync(path.join(widget, 'package.json'), 'utf8'))
  for (const [name, tarball] of Object.entries(tarballs)) {
    const spec = `file:${path.relative(widget, tarball)}`
    const given = pkg.dependencies?.[name] ?? pkg.devDependencies?.[name]
    if (given !== spec || pkg.overrides?.[name] !== spec) {
      throw new Error(`init --packages wrote ${name}: ${given}, override ${pkg.overrides?.[name]}`)
    }
  }
}

/** The inspector's "Copy as test" pasted into the widget, and `npm run dev` on two bases. */
async function beyondReadme(widget, env, base) {
  // Its type check and vitest (whose default environment there is Node) take it as it is.
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
        cwd: ROOT,
        env: { ...env, COPIED_TEST_OUT: path.join(widget, 'src', 'copied.test.ts') },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    ),
  )
  if (!existsSync(path.join(widget, 'src', 'copied.test.ts'))) throw new Error('no copied test')
  step('the copied test', () => {
    execFileSync('npx', ['tsc'], { cwd: widget, env, stdio: 'inherit' })
    execFileSync('npx', ['vitest', 'run', 'src/copied.test.ts'], {
      cwd: widget,
      env,
      stdio: 'inherit',
    })
  })
  let t = performance.now()
  console.log(`npm run dev: ${await checkDev(widget, env, { base })}`)
  times.push(`npm run dev ${((performance.now() - t) / 1000).toFixed(1)} s`)
  t = performance.now()
  const moved = await freeBase(base + 10)
  console.log(
    `npm run dev -- --port ${moved}: ${await checkDev(widget, env, { base: moved, move: true })}`,
  )
  times.push(`npm run dev -- --port ${((performance.now() - t) / 1000).toFixed(1)} s`)
}

const total = ((performance.now() - started) / 1000).toFixed(1)
console.log(`package-init: ${failed ? 'FAILED' : 'ok'} in ${total} s (${times.join(', ')})`)
if (failed) process.exit(1)
