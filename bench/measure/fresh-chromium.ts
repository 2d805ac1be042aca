import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumExecutable } from '../../e2e/browser.ts'
import { log } from '../config.ts'

/** Chromium processes started here directly (Playwright cleans up its own); killed on exit. */
const spawned = new Set<number>()
process.on('exit', () => {
  for (const pid of spawned) {
    try {
      process.kill(-pid, 'SIGKILL')
    } catch {}
  }
})

/**
 * Opens `url` in a Chromium started here with only the `e2e/browser.ts` flags and a fresh
 * profile, and no debugger attached while the page runs (an automation client attaches to every
 * new out-of-process frame and slows its start): the harness polls the page title through the
 * DevTools HTTP endpoint until it is "done", then attaches once and returns `read(page)`.
 */
export async function inFreshChromium<T>(
  url: string,
  read: (page: Page) => Promise<T>,
  timeoutMs: number,
): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-'))
  const executable = chromiumExecutable() ?? chromium.executablePath()
  const child = spawn(
    executable,
    [...CHROMIUM_ARGS, '--headless', '--remote-debugging-port=0', `--user-data-dir=${dir}`, url],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  )
  const exited = once(child, 'exit')
  if (child.pid) spawned.add(child.pid)
  child.once('exit', () => {
    if (child.pid) spawned.delete(child.pid)
  })
  try {
    const ws = await new Promise<string>((resolve, reject) => {
      let buffer = ''
      const timer = setTimeout(() => reject(new Error('Chromium did not start')), 30_000)
      child.stderr?.on('data', (chunk) => {
        buffer += chunk
        const m = /DevTools listening on (ws:\/\/\S+)/.exec(buffer)
        if (m) {
          clearTimeout(timer)
          resolve(m[1] as string)
        }
      })
      child.once('exit', () => reject(new Error(`Chromium exited: ${buffer.slice(-500)}`)))
    })
    const http = ws.replace(/^ws:/, 'http:').replace(/\/devtools\/.*$/, '')
    const until = Date.now() + timeoutMs
    for (;;) {
      const targets = (await (await fetch(`${http}/json/list`)).json()) as {
        type: string
        title: string
      }[]
      if (targets.some((t) => t.type === 'page' && t.title === 'done')) break
      if (Date.now() > until) throw new Error(`${url} did not finish`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const browser = await chromium.connectOverCDP(ws)
    try {
      const page = browser
        .contexts()[0]
        ?.pages()
        .find((p) => p.url() === url)
      if (!page) throw new Error(`${url} is gone`)
      return await read(page)
    } finally {
      // Close the browser itself (disconnecting would leave it running).
      await (await browser.newBrowserCDPSession()).send('Browser.close').catch(() => {})
      await browser.close()
    }
  } finally {
    const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 10_000).unref())
    if ((await Promise.race([exited, timeout])) === 'timeout') {
      // Its renderers and helpers share the process group of the Chromium started here.
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL')
      } catch {}
    }
    for (let attempt = 0; ; attempt++) {
      try {
        rmSync(dir, { recursive: true, force: true })
        break
      } catch (error) {
        if (attempt >= 20) {
          log(`could not remove ${dir}: ${error}`)
          break
        }
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    }
  }
}
