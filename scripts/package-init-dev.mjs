// `npm run dev` of a widget `init` wrote, installed from the packed packages (scripts/
// package-init.mjs calls it): moves the dev platform, the page and the backend to free ports
// (platform.config.json and index.html's script tag, as its README says), starts `npm run dev`
// in a process group of its own, checks that the panel, the page (with the SDK's script tag), the
// backend through Vite's proxy and the backend's webhook route answer, then sends the group
// SIGINT, as Ctrl-C does, and checks that every port is closed.
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'

const WAIT_MS = 60_000

async function freePorts(count) {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const server = createServer()
          server.once('error', reject)
          server.listen(0, '127.0.0.1', () => resolve(server))
        }),
    ),
  )
  const ports = servers.map((server) => server.address().port)
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))))
  return ports
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

export async function checkDev(widget, env) {
  const [panel, doctor, emulator, booking, profile, page, backend] = await freePorts(7)
  const configFile = path.join(widget, 'platform.config.json')
  const config = JSON.parse(readFileSync(configFile, 'utf8'))
  const [app] = config.apps
  config.ports = { panel, widgets: [doctor, booking, profile], emulator }
  app.url = `http://localhost:${page}/`
  app.webhook_url = `http://127.0.0.1:${backend}/webhooks/platform`
  writeFileSync(configFile, JSON.stringify(config, null, 2))
  const html = path.join(widget, 'index.html')
  writeFileSync(html, readFileSync(html, 'utf8').replace('127.0.0.1:4400', `127.0.0.1:${panel}`))

  const child = spawn('npm', ['run', 'dev'], {
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
    process.kill(-child.pid, 'SIGINT')
    await until(
      'every port to close after SIGINT',
      async () =>
        (await Promise.all(ports.map((port) => answers(`http://127.0.0.1:${port}/`)))).every(
          (answer) => answer === undefined,
        ),
      10_000,
    )
    return 'panel, page, backend through the proxy, webhook route; Ctrl-C closed every port'
  } finally {
    try {
      process.kill(-child.pid, 'SIGKILL')
    } catch {}
  }
}
