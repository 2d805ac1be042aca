// `npm run dev`: the dev panel with the platform emulator, then your backend (restarted on every
// change by tsx watch) and your page (Vite, hot reload), in one terminal. Ctrl-C stops all three.
// The backend gets its settings from the dev platform: the emulator's URL from its banner, the
// developer key and webhook secret from .platform-dev/secrets.json, which it writes on start.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'

const config = JSON.parse(readFileSync('platform.config.json', 'utf8'))
const appKey = config.apps[0].app_key
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
const panel = run('panel', 'platform-widget-dev', ['dev', '--config', 'platform.config.json'])
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
