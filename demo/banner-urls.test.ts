// What the dev command's banner prints is true and answers: each widget's registered pages (not its
// contexts) with the panel's `/_/{app_key}/{page_key}` URL, and every URL of the dev platform it
// prints answers a GET. Starts the demo from the sources, which needs the built SDK (`npm test`
// builds before the unit tests).
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseConfig } from './lib/config.js'
import { SDK_DIST } from './lib/paths.js'
import { memorySecretStore } from './lib/secrets.js'
import { banner, startDemo } from './start.js'

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })

/** Five free ports in a row, below the ephemeral range, from a random start. */
async function freeBase(): Promise<number> {
  for (let base = 21000 + 10 * Math.floor(Math.random() * 1000); base < 32760; base += 10) {
    const ports = Array.from({ length: 5 }, (_, i) => base + i)
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return base
  }
  throw new Error('no five free ports in a row')
}

describe.skipIf(!existsSync(path.join(SDK_DIST, 'host.js')))('the banner of a running demo', () => {
  it('lists pages by key with their URLs, and every URL it prints answers a GET', async () => {
    const base = await freeBase()
    // Your widget, served by you (not running here): its own URLs are yours to answer.
    const own = 'http://localhost:9/'
    const config = parseConfig(['--port', String(base), '--app', `mine=${own}`], {})
    const demo = await startDemo({ ...config, secrets: memorySecretStore() })
    try {
      const text = banner(demo, config)
      const panel = `http://127.0.0.1:${base}`
      // The sample widget with pages: its page by key, not its context.
      expect(text).toContain(`    page launcher: ${panel}/_/demo-doctor/launcher\n`)
      expect(text).not.toMatch(/pages: doctor-panel/)
      expect(text).toMatch(/ {4}contexts: doctor-panel {3}app_id: /)
      expect(text).toContain(`    page launcher: ${panel}/_/mine/launcher\n`)
      const urls = [...new Set(text.match(/https?:\/\/[^\s'"<>)]+/g) ?? [])].filter(
        (url) => !url.startsWith(own),
      )
      expect(urls.length).toBeGreaterThan(10)
      // A URL printed as `POST url` answers a GET with 405 and how to call it (post-only.ts).
      const postOnly = new Set([...text.matchAll(/POST (http\S+)/g)].map((m) => m[1]))
      const answers = await Promise.all(
        urls.map(async (url) => {
          const res = await fetch(url.replace(/\{[^}]+\}/g, '1'), { redirect: 'manual' })
          const body = await res.text()
          const told = res.status === 405 && body.includes(`curl -X POST ${url}`)
          return postOnly.has(url) && told ? `${url} tells how to POST` : `${res.status} ${url}`
        }),
      )
      expect(answers.filter((line) => !/^[23]\d\d |tells how to POST$/.test(line))).toEqual([])
      expect(answers.filter((line) => line.endsWith('tells how to POST'))).toHaveLength(8)
    } finally {
      await demo.close()
    }
  }, 30_000)
})
