// `npm run dev`: the dev panel with the platform emulator, then your backend (restarted on every
// change by tsx watch) and your page (Vite, hot reload), in one terminal. Ctrl-C stops all three.
// The backend gets its settings from the dev platform: the emulator's URL from its banner, the
// developer key and webhook secret from .platform-dev/secrets.json, which it writes on start.
// Every port is in platform.config.json (scripts/ports.mjs); `npm run dev -- --port N` moves them
// all there to N and up, for this run and the next.
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { basePortProblem, freeBase, isFree, movePorts, portNames, portsOf } from './ports.mjs'

const CONFIG = 'platform.config.json'
const USAGE = `Usage: npm run dev [-- --port N]

Starts the dev panel and the platform emulator, your backend and your page, on the ports of
${CONFIG}. --port N moves them all to N and up first (it rewrites ${CONFIG}): the panel
at N, the emulator at N+2, the sample widgets at N+1, N+3 and N+4, your page at N+5 and your
backend at N+6.`

/** `--port N` (or `--port=N`) and `--help`; anything else is refused. */
function parseArgs(argv) {
  const args = { port: undefined }
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2)
    if (flag === '--help' || flag === '-h') {
      console.log(USAGE)
      process.exit(0)
    }
    if (flag !== '--port') fail(`Unknown option ${argv[i]}\n\n${USAGE}`)
    args.port = inline ?? argv[++i]
    const problem = basePortProblem(args.port)
    if (problem) fail(problem)
  }
  return args
}

function fail(message) {
  console.error(message)
  process.exit(2)
}

const args = parseArgs(process.argv.slice(2))
if (args.port !== undefined) {
  writeFileSync(CONFIG, movePorts(readFileSync(CONFIG, 'utf8'), Number(args.port)))
  console.log(`Moved this project to port ${args.port} and up (${CONFIG}).`)
}
const text = readFileSync(CONFIG, 'utf8')
const config = JSON.parse(text)
const appKey = config.apps[0].app_key
const ports = portsOf(text)
// The config is the one place for ports here: the dev command's variables would move the panel
// away from the page's script tag.
for (const name of ['DEMO_PORT', 'DEMO_PANEL_PORT', 'DEMO_WIDGETS_PORT', 'DEMO_EMULATOR_PORT']) {
  if (process.env[name])
    console.warn(`${name} is ignored here: npm run dev -- --port N moves them all`)
  delete process.env[name]
}
// Every port checked before anything starts, so a taken one names the command that fixes it.
for (const [port, what] of portNames(ports)) {
  if (await isFree(port)) continue
  const base = await freeBase(ports.panel + 10)
  console.error(
    `Port ${port} (${what}) is already in use. Stop what uses it, or move this project${
      base ? ` to ${base} and up: npm run dev -- --port ${base}` : ': npm run dev -- --port N'
    }`,
  )
  process.exit(1)
}
const children = []
let stopping = false

/** Runs a command of node_modules/.bin (`npm run` puts it on PATH), its lines prefixed. */
function run(label, command, args, env = {}) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: process.platform === 'win32', // the .cmd shims of node_modules/.bin
  })
  for (const stream of [child.stdout, child.stderr]) {
    let rest = ''
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n')
      rest = lines.pop()
      for (const line of lines) console.log(`[${label}] ${line}`)
    })
  }
  child.on('exit', (code, signal) => {
    if (stopping) return
    console.error(`[${label}] stopped (${signal ?? `exit code ${code}`}); stopping the others`)
    stop(1)
  })
  children.push(child)
  return child
}

/** Stops every child, then exits (at the latest after 3 s). */
function stop(code = 0) {
  if (stopping) return
  stopping = true
  const running = children.filter((child) => child.exitCode === null && !child.signalCode)
  for (const child of running) child.kill('SIGTERM')
  setTimeout(() => process.exit(code), 3000).unref()
  Promise.all(running.map((child) => new Promise((done) => child.once('exit', done)))).then(() =>
    process.exit(code),
  )
}
process.on('SIGINT', () => stop())
process.on('SIGTERM', () => stop())

// The panel first: the backend needs the emulator's URL and this widget's keys.
const panel = run('panel', 'platform-widget-dev', ['dev', '--config', CONFIG])
let banner = ''
panel.stdout.on('data', function started(chunk) {
  banner += chunk
  const platformUrl = /export PLATFORM_URL=(\S+)/.exec(banner)?.[1]
  if (!platformUrl || !banner.includes('Your widgets:')) return
  panel.stdout.off('data', started)
  const secrets = JSON.parse(readFileSync('.platform-dev/secrets.json', 'utf8')).apps[appKey]
  run('backend', 'tsx', ['watch', 'server/index.ts'], {
    PLATFORM_URL: platformUrl,
    PLATFORM_API_KEY: secrets.developer_key,
    PLATFORM_WEBHOOK_SECRET: secrets.webhook_secret,
  })
  run('widget', 'vite', [])
  const page = /Doctor panel\s+(\S+)/.exec(banner)?.[1]
  console.log(`\nOpen ${page}: "${appKey}" is under Widgets in the sidebar. Ctrl-C stops all.\n`)
})
