// The dev command as a widget developer gets it: packs the three packages, installs the dev
// package's tarball (with the SDK's and the server kit's, its dependencies, which are not on a
// registry yet) into an empty temporary folder (dependencies only: no dev dependency, no source
// tree; scripts/packages.mjs), runs `platform-widget-dev dev` there on free ports, checks that
// the panel, the sample widgets and the emulator answer and that it printed what a developer
// needs, then stops it with SIGTERM and checks that it exits. Run by `npm run test:package`
// (after build).
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freeBase } from './package-init-dev.mjs'
import { installInto, PACKAGES, pack } from './packages.mjs'

const STEP_MS = 30_000
const failures = []
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`)
  if (!ok) failures.push(what)
}

const dir = mkdtempSync(path.join(tmpdir(), 'pws-dev-'))
let child
try {
  const { tarball, report: packed } = pack(PACKAGES.dev, dir)
  const project = installInto(path.join(dir, 'project'), [
    tarball,
    pack(PACKAGES.sdk, dir).tarball,
    pack(PACKAGES.server, dir).tarball,
  ])
  const modules = path.join(project, 'node_modules')
  const installed = path.join(modules, 'platform-widget-dev')
  check(existsSync(path.join(installed, 'dist/cli.js')), 'the tarball installs dist/cli.js')
  check(
    ['demo', 'src', 'server', 'panel', 'emulator'].every(
      (folder) => !existsSync(path.join(installed, folder)),
    ),
    'no source tree in the installed package',
  )
  for (const dev of ['typescript', 'tsx', 'vite', 'sirv']) {
    check(!existsSync(path.join(modules, dev)), `no dev dependency: ${dev}`)
  }
  const bin = path.join(modules, '.bin', 'platform-widget-dev')

  // The command exactly as the README gives it.
  const help = execFileSync('npx', ['--offline', 'platform-widget-dev', 'dev', '--help'], {
    cwd: project,
    encoding: 'utf8',
  })
  check(
    /npx platform-widget-dev dev \[options\]/.test(help) && help.includes('--app KEY=URL'),
    '`npx platform-widget-dev dev --help` prints the usage',
  )

  // The webhook commands, bundled in the same cli.js: their usage, and the one-line error when
  // no emulator answers (a port just closed), naming the URL.
  const triggerHelp = execFileSync(bin, ['trigger', '--help'], { cwd: project, encoding: 'utf8' })
  check(
    triggerHelp.startsWith('Usage: platform-widget-dev trigger <event> --app KEY') &&
      triggerHelp.includes('payment.succeeded'),
    '`platform-widget-dev trigger --help` prints the usage and the event types',
  )
  // Seven ports in a row, free when looked at: the dev command's six, then one nobody listens on.
  const base = await freeBase()
  const nobody = `http://127.0.0.1:${base + 6}`
  const missed = spawnSync(
    bin,
    ['trigger', 'payment.succeeded', '--app', 'my-widget', '--emulator', nobody],
    { cwd: project, encoding: 'utf8', timeout: STEP_MS },
  )
  check(
    missed.status === 1 && missed.stderr.trim().startsWith(`No emulator answers at ${nobody}`),
    `\`trigger\` without an emulator exits 1 naming the URL (got ${missed.status}: ${missed.stderr.trim()})`,
  )

  const [panel, emulator, mine, ...widgets] = [0, 1, 2, 3, 4, 5].map((i) => base + i)
  const env = { ...process.env }
  for (const name of Object.keys(env)) if (name.startsWith('DEMO_')) delete env[name]
  child = spawn(
    bin,
    [
      'dev',
      '--panel-port',
      String(panel),
      '--widgets-port',
      widgets.join(','),
      '--emulator-port',
      String(emulator),
      '--app',
      `my-widget=http://localhost:${mine}/`,
    ],
    { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let out = ''
  child.stdout.on('data', (chunk) => {
    out += chunk
  })
  child.stderr.on('data', (chunk) => {
    out += chunk
  })
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  const started = await Promise.race([
    new Promise((resolve) => {
      const look = () => (out.includes('Your widgets:') ? resolve(true) : undefined)
      child.stdout.on('data', look)
      look()
    }),
    exited.then(() => false),
    new Promise((resolve) => setTimeout(resolve, STEP_MS, false)),
  ])
  check(started, `the command starts (output: ${started ? 'banner' : JSON.stringify(out)})`)
  if (started) {
    const E = `http://127.0.0.1:${emulator}`
    // This installation's secrets: random, made on first start, in the project's .platform-dev.
    const secretsFile = path.join(project, '.platform-dev', 'secrets.json')
    const secrets = existsSync(secretsFile) ? JSON.parse(readFileSync(secretsFile, 'utf8')) : {}
    const key = secrets.apps?.['my-widget']?.developer_key ?? ''
    check(
      /^dk_[A-Za-z0-9_-]{32}$/.test(key) && (statSync(secretsFile).mode & 0o777) === 0o600,
      'the secrets file is made on first start, mode 0600, with a random developer key',
    )
    check(
      out.includes(`POST ${E}/api/v1/apps/my-widget/oauth/access_token`) &&
        out.includes('app_id: 20001') &&
        out.includes(key) &&
        out.includes(`http://localhost:${mine}/`),
      'it prints the widget URL, app_id, developer key and token-exchange URL',
    )
    const get = async (url, init) => {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(STEP_MS) })
      return { status: res.status, text: await res.text() }
    }
    const page = await get(`http://127.0.0.1:${panel}/panel`)
    check(page.status === 200 && page.text.includes('<html'), 'the panel answers /panel')
    const sdkScript = await get(`http://127.0.0.1:${panel}/dist/platform.js`)
    check(
      sdkScript.status === 200 &&
        sdkScript.text ===
          readFileSync(path.join(modules, 'platform-widget-sdk/dist/platform.js'), 'utf8'),
      "the SDK script is served, the installed platform-widget-sdk's own",
    )
    const copies = await Promise.all(
      [
        '/dist/types/host/index.d.ts',
        // Not `%2E%2E/`: fetch folds that into `..` before it is sent.
        '/dist/..%2Fpackage.json',
        '/dist/..%2F..%2Fplatform-widget-dev%2Fdist%2Femulator%2Ffixtures.json',
        '/dist/..%2F..%2Fplatform-widget-dev%2Fdist%2Fcli.js',
      ].map(async (rel) => (await get(`http://127.0.0.1:${panel}${rel}`)).status),
    )
    check(
      copies.every((status) => status === 404),
      `/dist serves no type, fixture or dev file (${copies})`,
    )
    const script = await get(`http://127.0.0.1:${panel}/app/doctor.js`)
    check(
      script.status === 200 && !/:\s*HTMLElement\b|\bimport type\b/.test(script.text),
      "the panel's page scripts are served as JavaScript",
    )
    const pages = ['/doctor/', '/booking-addon/', '/profile-widget/']
    const answers = await Promise.all(
      widgets.map((port, i) => get(`http://localhost:${port}${pages[i]}`)),
    )
    check(
      answers.every((answer) => answer.status === 200) &&
        (await get(`http://localhost:${widgets[0]}${pages[1]}`)).status === 404,
      'the three sample widgets answer, each on its own port only',
    )
    const index = await get(`${E}/`)
    check(
      index.status === 200 && index.text.includes('my-widget'),
      "the emulator's index page lists the widget",
    )
    const minted = await get(`${E}/internal/users/dr-1/apps/my-widget/session-tokens`, {
      method: 'POST',
      headers: { origin: `http://127.0.0.1:${panel}`, 'content-type': 'application/json' },
      body: JSON.stringify({ scopes: ['provider.profile.read'] }),
    })
    const { session_token } = JSON.parse(minted.text)
    const exchanged = await get(`${E}/api/v1/apps/my-widget/oauth/access_token`, {
      method: 'POST',
      headers: {
        'x-api-key': key,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ session_token }).toString(),
    })
    const access = JSON.parse(exchanged.text).access_token ?? ''
    const claims = JSON.parse(
      Buffer.from(access.split('.')[1] ?? '', 'base64url').toString() || '{}',
    )
    check(
      claims.sub === 'dr-1' && claims.aud === 'my-widget',
      'the token exchange answers a JWT for the user',
    )
    // The routers come from @hono/zod-openapi and zod, runtime dependencies; the document they are
    // built from, server/openapi.json, is bundled into the package.
    const doc = await get(`${E}/openapi.json`)
    const paths = doc.status === 200 ? (JSON.parse(doc.text).paths ?? {}) : {}
    const operations = Object.values(paths).flatMap((methods) => Object.keys(methods)).length
    check(
      '/open-platform/v1/booking/slots' in paths && operations >= 51,
      `the emulator serves its OpenAPI description (${operations} operations)`,
    )
    const booked = await get(`${E}/open-platform/v1/booking/appointments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ center_id: 'c-101' }),
    })
    check(
      booked.status === 400 && JSON.parse(booked.text).error === 'INVALID_INPUT',
      'the emulator validates a request body with its schema',
    )
    // A sample webhook through the control API, to the sample widget's backend, which verifies it.
    const triggered = await new Promise((resolve) =>
      execFile(
        bin,
        ['trigger', 'installation.created', '--app', 'demo-doctor', '--emulator', E],
        { cwd: project, encoding: 'utf8', timeout: STEP_MS },
        (error, stdout, stderr) => resolve({ code: error ? error.code : 0, stdout, stderr }),
      ),
    )
    check(
      triggered.code === 0 &&
        triggered.stdout.includes(`POST http://localhost:${widgets[0]}/api/webhooks/demo-doctor`) &&
        /Answer: HTTP 200 in \d+ ms/.test(triggered.stdout) &&
        /Delivered \(attempt 1\)\.\s*$/.test(triggered.stdout),
      `\`trigger installation.created --app demo-doctor\` is delivered to the sample backend (${triggered.code}: ${triggered.stderr.trim() || triggered.stdout.trim().split('\n').at(-1)})`,
    )
  }
  child.kill('SIGTERM')
  const end = await Promise.race([
    exited,
    new Promise((resolve) => setTimeout(resolve, STEP_MS, undefined)),
  ])
  check(end?.code === 0, `SIGTERM stops it, exit code 0 (got ${JSON.stringify(end)})`)
  child = undefined
  const sizeKb = Math.round(readFileSync(tarball).length / 1024)
  console.log(`package-dev: ${packed.filename}, ${sizeKb} KiB, installed and run from ${project}`)
} finally {
  if (child && child.exitCode === null) child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
}
if (failures.length) {
  console.error(`package-dev: ${failures.length} check(s) failed`)
  process.exit(1)
}
