// `npm run dev` of a widget `init --port B` wrote, installed from the packed packages (scripts/
// package-init.mjs calls it): starts `npm run dev` (or `npm run dev -- --port B`, which moves the
// project) in a process group of its own, with nothing edited by hand; checks that the panel
// (B), the emulator (B+2), the page (B+5, with the SDK's script tag on B), the backend through
// Vite's proxy and its webhook route (B+6) answer, and that `platform-widget-dev deliveries` finds
// the emulator from the config alone; then sends the group SIGINT, as Ctrl-C does, and checks
// that every port is closed.
import { spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'

const WAIT_MS = 60_000

/** True when nothing listens on `port` of 127.0.0.1. */
function isFree(port) {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/**
 * A base port whose seven ports (the project's) are free, from `from` (default: at random).
 * Below Linux's ephemeral range (32768–60999): a port found free there can be handed to any
 * process's outgoing connection before the dev command binds it, and `npm test` runs these
 * checks beside the unit tests, which make thousands of connections.
 */
export async function freeBase(from = 20000 + 10 * Math.floor(Math.random() * 1200)) {
  for (let base = from; base < (from < 32760 ? 32760 : 65530); base += 10) {
    const ports = Array.from({ length: 7 }, (_, i) => base + i)
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return base
  }
  throw new Error('no seven free ports in a row')
}

async function until(what, test, ms = WAIT_MS) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await test()) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`npm run dev: timed out waiting for ${what}`)
}

const answers = async (url, init) => {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) })
    return { status: response.status, text: await response.text() }
  } catch {
    return undefined
  }
}

/** Runs the checks; throws on the first that fails. Answers what it checked. */
/**
 * A browser's call carries the page's Origin, which Vite's proxy passes on: the backend answers
 * it, and refuses another site's (403) before any route runs.
 */
async function checkOrigins(page) {
  for (const [origin, status, code] of [
    [`http://localhost:${page}`, 400, 'INVALID_INPUT'],
    ['https://evil.example', 403, 'FORBIDDEN_ORIGIN'],
  ]) {
    const call = await answers(`http://localhost:${page}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: '{}',
    })
    if (call?.status !== status || !call.text.includes(code)) {
      throw new Error(`/api/session from ${origin} through Vite: ${call?.status} ${call?.text}`)
    }
  }
}

export async function checkDev(widget, env, { base, move = false }) {
  const [panel, emulator, page, backend] = [base, base + 2, base + 5, base + 6]
  const child = spawn('npm', ['run', 'dev', ...(move ? ['--', '--port', String(base)] : [])], {
    cwd: widget,
    env,
    detached: true, // a process group, for the SIGINT a terminal's Ctrl-C sends
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout.on('data', (chunk) => {
    out += chunk
  })
  child.stderr.on('data', (chunk) => {
    out += chunk
  })
  const ports = [panel, emulator, page, backend]
  try {
    await until('the panel, the backend and Vite', async () => {
      if (child.exitCode !== null) throw new Error(`npm run dev exited:\n${out}`)
      return /\[backend\] backend: /.test(out) && /\[widget\].*ready in/.test(out)
    })
    const config = JSON.parse(readFileSync(path.join(widget, 'platform.config.json'), 'utf8'))
    const [app] = config.apps
    if (app.webhook_url !== `http://127.0.0.1:${backend}/webhooks/platform`) {
      throw new Error(`platform.config.json's webhook_url: ${app.webhook_url}`)
    }
    const shell = await answers(`http://127.0.0.1:${panel}/panel/apps/${app.app_key}`)
    if (shell?.status !== 200) throw new Error(`the panel's page: ${shell?.status}`)
    const own = await answers(`http://localhost:${page}/`)
    if (own?.status !== 200 || !own.text.includes(`http://127.0.0.1:${panel}/dist/platform.js`)) {
      throw new Error(`the widget's page: ${own?.status} ${own?.text.slice(0, 200)}`)
    }
    // Through Vite's proxy to the backend: a session call without a token is the backend's 400.
    const session = await answers(`http://localhost:${page}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    if (session?.status !== 400 || !session.text.includes('INVALID_INPUT')) {
      throw new Error(`/api/session through Vite: ${session?.status} ${session?.text}`)
    }
    await checkOrigins(page)
    const hook = await answers(`${app.webhook_url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    if (hook?.status !== 400 || !hook.text.includes('INVALID_WEBHOOK_SIGNATURE')) {
      throw new Error(`an unsigned webhook: ${hook?.status} ${hook?.text}`)
    }
    // The other commands find the emulator from the config, with no flag.
    const listed = spawnSync('npx', ['platform-widget-dev', 'deliveries'], {
      cwd: widget,
      env,
      encoding: 'utf8',
    })
    if (listed.status !== 0 || !listed.stdout.includes('No webhook deliveries yet')) {
      throw new Error(`deliveries: exit ${listed.status} ${listed.stdout} ${listed.stderr}`)
    }
    if (!(await answers(`http://127.0.0.1:${emulator}/control/v1/webhooks/deliveries`))) {
      throw new Error(`no emulator at ${emulator}`)
    }
    process.kill(-child.pid, 'SIGINT')
    await until(
      'every port to close after SIGINT',
      async () =>
        (await Promise.all(ports.map((port) => answers(`http://127.0.0.1:${port}/`)))).every(
          (answer) => answer === undefined,
        ),
      10_000,
    )
    return `panel ${panel}, emulator ${emulator}, page ${page} (script from ${panel}), backend ${backend} through the proxy, webhook route, deliveries from the config; Ctrl-C closed every port`
  } finally {
    try {
      process.kill(-child.pid, 'SIGKILL')
    } catch {}
  }
}
