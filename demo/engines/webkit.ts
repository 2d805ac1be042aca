// WebKitGTK through W3C WebDriver classic: WebKitWebDriver drives MiniBrowser (`--automation`)
// on a private Xvfb display. Classic WebDriver runs one command at a time and has no events: no
// console, no network, no script before the page's own (what `check` cannot see in WebKit).
import { type ChildProcess, spawn } from 'node:child_process'
import { freePort } from '../lib/free-port.js'
import { type Behind, type Driver, type EnginePaths, enginePaths, type Target } from './driver.js'

/** A WebKitWebDriver with a private Xvfb display. `stop()` ends both (by their process ids). */
export interface WebKitService {
  url: string
  stop(): Promise<void>
  /**
   * Stops this Xvfb and WebKitWebDriver and starts new ones (a new `url`): for a driver whose
   * session start hung (see {@link webkitDriver}).
   */
  restart(): Promise<void>
}

const stopProcess = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })

export async function startWebKit(paths: EnginePaths = enginePaths()): Promise<WebKitService> {
  // -displayfd: Xvfb picks a free display itself and writes its number, so parallel workers
  // (and other users of this machine) never race for one.
  const xvfb = spawn(
    paths.xvfb,
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    },
  )
  const display = await new Promise<string>((resolve, reject) => {
    let out = ''
    xvfb.stdio[3]!.on('data', (chunk) => {
      out += chunk
      if (out.includes('\n')) resolve(out.trim())
    })
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}`)))
  })
  const port = await freePort()
  const driver = spawn(paths.webkitDriver, [`--port=${port}`, '--host=127.0.0.1'], {
    stdio: 'ignore',
    env: { ...process.env, DISPLAY: `:${display}` },
  })
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    await stopProcess(driver)
    await stopProcess(xvfb)
  }
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/status`)).ok) break
    } catch (error) {
      if (i > 100) {
        await stop()
        throw error
      }
    }
    await new Promise((r) => setTimeout(r, 50)) // polling the driver's start, not a test wait
  }
  const service: WebKitService = {
    url,
    stop,
    async restart() {
      await service.stop()
      const next = await startWebKit(paths)
      Object.assign(service, { url: next.url, stop: next.stop })
    },
  }
  return service
}

const KEYS: Record<string, string> = {
  Tab: '\uE004',
  Enter: '\uE007',
  Escape: '\uE00C',
  Shift: '\uE008',
}

/** An error answer from the WebDriver server (it answered: not a hang or a lost connection). */
class WebDriverError extends Error {
  override name = 'WebDriverError'
  constructor(message: string) {
    super(`WebDriver ${message}`)
  }
}

/** How long WebKitWebDriver may take to start a MiniBrowser session (typically 1–2 s). */
const SESSION_START_MS = 15_000

/** The WebKit driver, with what `check` adds: a script's own source, and the window's size. */
export interface WebKitDriver extends Driver {
  /** Runs `body` (a function body, WebDriver's form) in the target's document. */
  execute(target: Target, body: string, args?: unknown[]): Promise<unknown>
  /** Sets the window's outer size (WebKitGTK keeps a minimum of its own). */
  resize(width: number, height: number): Promise<void>
}

type Send = (method: string, path: string, body?: unknown, signal?: AbortSignal) => Promise<unknown>

const sender =
  (service: WebKitService): Send =>
  async (method, path, body, signal) => {
    const response = await fetch(`${service.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    })
    const json = (await response.json()) as { value: { error?: string; message?: string } }
    if (json.value && typeof json.value === 'object' && 'error' in json.value && json.value.error)
      throw new WebDriverError(`${method} ${path}: ${json.value.error}: ${json.value.message}`)
    return json.value as unknown
  }

/**
 * A WebDriver session on `service`. Starting it is bounded: once, under load, WebKitWebDriver
 * never answered `POST /session` (MiniBrowser did not come up) and the test hit its 45 s guard
 * while setting up the driver. A start that takes over {@link SESSION_START_MS} restarts the
 * service (new Xvfb, new driver) and asks once more; `onRestart` records it, so the test
 * reports it as an annotation. This is the harness's browser launch, not a retry of a test.
 */
async function startSession(
  service: WebKitService,
  onRestart: (reason: string) => void,
  miniBrowser: string,
): Promise<string> {
  const send = sender(service)
  // MiniBrowser in `--automation` mode keeps WebKitGTK's defaults, nothing to undo: the popup
  // blocker on, and its cookie policy, no third-party cookies (storage.journeys.ts checks both).
  const capabilities = {
    alwaysMatch: {
      'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation'] },
    },
  }
  const start = () =>
    send('POST', '/session', { capabilities }, AbortSignal.timeout(SESSION_START_MS)) as Promise<{
      sessionId: string
    }>
  try {
    return (await start()).sessionId
  } catch (error) {
    // Only a start that hung or lost its connection; a WebDriver error answer is thrown as is.
    if (error instanceof WebDriverError) throw error
    onRestart(String(error))
    await service.restart()
    return (await start()).sessionId
  }
}

/** One WebDriver session: where its commands go, and the group of commands now running. */
interface Session {
  send: Send
  /** `/session/:id`. */
  path: string
  queue: Promise<unknown>
}

const cmd = (s: Session, method: string, path: string, body?: unknown) =>
  s.send(method, `${s.path}${path}`, body)

/** Runs `job`, a group of commands, after the groups before it. */
function serial<T>(s: Session, job: () => Promise<T>): Promise<T> {
  const run = s.queue.then(job, job)
  s.queue = run.catch(() => {})
  return run
}

const resize = (s: Session, width: number, height: number) =>
  serial(s, async () => void (await cmd(s, 'POST', '/window/rect', { width, height })))

/** Runs the script `body` in the top page or the frame `target` selects. */
const execute = (s: Session, target: Target, body: string, args: unknown[] = []) =>
  serial(s, async () => {
    await cmd(s, 'POST', '/frame', { id: null })
    if (target !== 'top') {
      const element = await cmd(s, 'POST', '/element', { using: 'css selector', value: target })
      await cmd(s, 'POST', '/frame', { id: element })
    }
    return cmd(s, 'POST', '/execute/sync', { script: body, args })
  })

/** Real input: a list of WebDriver input sources, from the top page. */
const actions = (s: Session, list: unknown[]) =>
  serial(s, async () => {
    await cmd(s, 'POST', '/frame', { id: null })
    await cmd(s, 'POST', '/actions', { actions: list })
  })

const click = (s: Session, x: number, y: number) =>
  actions(s, [
    {
      type: 'pointer',
      id: 'mouse',
      parameters: { pointerType: 'mouse' },
      actions: [
        { type: 'pointerMove', x: Math.round(x), y: Math.round(y), origin: 'viewport' },
        { type: 'pointerDown', button: 0 },
        { type: 'pointerUp', button: 0 },
      ],
    },
  ])

async function press(s: Session, key: string) {
  const keys = (...seq: [type: 'keyDown' | 'keyUp', key: string][]) =>
    actions(s, [
      {
        type: 'key',
        id: 'keyboard',
        actions: seq.map(([type, key]) => ({ type, value: KEYS[key] ?? key })),
      },
    ])
  if (key === 'Shift+Tab')
    await keys(['keyDown', 'Shift'], ['keyDown', 'Tab'], ['keyUp', 'Tab'], ['keyUp', 'Shift'])
  else await keys(['keyDown', key], ['keyUp', key])
}

/** See `Driver.openBehind`: a new window, minimized, then back to the one in front. */
const openBehind = (s: Session, url: string): Promise<Behind> =>
  serial(s, async () => {
    const front = (await cmd(s, 'GET', '/window')) as string
    const { handle } = (await cmd(s, 'POST', '/window/new', { type: 'window' })) as {
      handle: string
    }
    await cmd(s, 'POST', '/window', { handle })
    // Minimized before it loads anything of the test's: hidden, no animation frames.
    await cmd(s, 'POST', '/window/minimize', {})
    // In a task of its own: WebDriver would wait for the load of a page that leaves at once.
    await cmd(s, 'POST', '/execute/sync', {
      script: 'const to = arguments[0]; setTimeout(() => location.assign(to)); return null',
      args: [url],
    })
    await cmd(s, 'POST', '/window', { handle: front })
    const inBehind = <T>(job: () => Promise<T>) =>
      serial(s, async () => {
        await cmd(s, 'POST', '/window', { handle })
        try {
          return await job()
        } finally {
          await cmd(s, 'POST', '/window', { handle: front })
        }
      })
    return {
      evaluate: (fn, arg) =>
        inBehind(() =>
          cmd(s, 'POST', '/execute/sync', {
            script: `return (${fn.toString()})(arguments[0])`,
            args: [arg === undefined ? null : arg],
          }),
        ) as never,
      close: () => inBehind(async () => void (await cmd(s, 'DELETE', '/window'))),
    }
  })

/**
 * A WebDriver session on `service` (see {@link startSession}). Its commands run one group at a
 * time: an evaluation in a frame is three commands (to the top, into the frame, the script),
 * which another caller's evaluation must not interleave.
 */
export async function webkitDriver(
  service: WebKitService,
  onRestart: (reason: string) => void = () => {},
  paths: EnginePaths = enginePaths(),
): Promise<WebKitDriver> {
  const id = await startSession(service, onRestart, paths.miniBrowser)
  const s: Session = { send: sender(service), path: `/session/${id}`, queue: Promise.resolve() }
  await resize(s, 1280, 800)
  return {
    engine: 'webkit',
    execute: (target, body, args) => execute(s, target, body, args),
    resize: (width, height) => resize(s, width, height),
    goto: (url) => serial(s, async () => void (await cmd(s, 'POST', '/url', { url }))),
    evaluate: async (target, fn, arg) =>
      (await execute(s, target, `return (${fn.toString()})(arguments[0])`, [
        arg === undefined ? null : arg,
      ])) as never,
    click: (x, y) => click(s, x, y),
    press: (key) => press(s, key),
    openBehind: (url) => openBehind(s, url),
    close: () => serial(s, async () => void (await s.send('DELETE', s.path))),
  }
}
