// The world of `aimed-focus.spec.ts`: the demo, with two more widgets on the doctor's profile
// (seen by a patient), each served from an origin of its own by a small server here. One is the
// hostile widget, the other a bystander; the demo's own profile widget is the third.
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { appFromConfig } from '../demo/lib/config'
import { freePort } from '../demo/lib/free-port'
import { memorySecretStore } from '../demo/lib/secrets'
import { type Demo, startDemo } from '../demo/start'
import { workerFixture } from './world'

const FILES = new URL('./fixtures/aimed/', import.meta.url)
export const HOSTILE = 'aimed-hostile'
export const BYSTANDER = 'aimed-bystander'
/** The demo's own widget on the profile. */
export const PROFILE_WIDGET = 'demo-profile'

export interface AimedWorld {
  demo: Demo
  close(): Promise<void>
}

async function serve(key: string, panel: string, port: number) {
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${panel}`,
    `connect-src ${panel}`,
    `frame-ancestors ${panel}`,
  ].join('; ')
  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    const file = path === '/' ? 'index.html' : path === '/app.js' ? 'app.js' : undefined
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' })
      res.end('not found')
      return
    }
    const text = (await readFile(new URL(file, FILES), 'utf8'))
      .replaceAll('%PANEL%', panel)
      .replaceAll('%KEY%', key)
    res.writeHead(200, {
      'content-type': file === 'app.js' ? 'text/javascript' : 'text/html; charset=utf-8',
      'content-security-policy': csp,
      'cache-control': 'no-store',
    })
    res.end(text)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}

/** A demo of its own with the hostile widget and the bystander on the doctor's profile. */
export async function startAimedWorld(): Promise<AimedWorld> {
  const [panel, emulator, a, b, c, hostilePort, bystanderPort] = await Promise.all(
    Array.from({ length: 7 }, () => freePort()),
  )
  const panelOrigin = `http://127.0.0.1:${panel}`
  const widgets = [
    await serve(HOSTILE, panelOrigin, hostilePort!),
    await serve(BYSTANDER, panelOrigin, bystanderPort!),
  ]
  const entry = (app_key: string, origin: string, i: number) =>
    appFromConfig(
      {
        app_key,
        url: `${origin}/`,
        name: { fa: app_key, en: app_key },
        webhook_url: null,
        contexts: ['doctor-profile'],
        scopes: ['user.profile.read'],
      },
      i,
      `apps[${i}]`,
    )
  try {
    const demo = await startDemo({
      ports: { panel: panel!, emulator: emulator!, widgets: [a!, b!, c!] },
      apps: [entry(HOSTILE, widgets[0]!.origin, 0), entry(BYSTANDER, widgets[1]!.origin, 1)],
      secrets: memorySecretStore(),
    })
    return {
      demo,
      async close() {
        await demo.close()
        for (const widget of widgets) await widget.close()
      },
    }
  } catch (error) {
    for (const widget of widgets) await widget.close()
    throw error
  }
}

export const aimedWorld = workerFixture(startAimedWorld)
