// The ports of this project, all in platform.config.json: the dev platform's five (`ports`: the
// panel at N, the emulator at N+2, three sample widgets), your page's (`url`, N+5) and your
// backend's (`webhook_url`, N+6). `npm run dev -- --port N` and `platform-widget-dev init --port N`
// move them all with `movePorts`; vite.config.ts, the backend and index.html's script tag read them
// from the file, so no port is written anywhere else.
import { createServer } from 'node:net'

/** Seven ports in a row from `base`, as `platform-widget-dev dev --port` lays out its five. */
export function layout(base) {
  return {
    panel: base,
    widgets: [base + 1, base + 3, base + 4],
    emulator: base + 2,
    page: base + 5,
    backend: base + 6,
  }
}

/** Why `value` is not a base port for seven ports, or undefined. */
export function basePortProblem(value) {
  const n = /^[0-9]{1,5}$/.test(String(value)) ? Number(value) : Number.NaN
  return n >= 1024 && n <= 65529
    ? undefined
    : `--port: expected a port from 1024 to 65529 (the project takes seven from it), got "${value}"`
}

/** The ports a config's text gives: the dev platform's, the page's and the backend's. */
export function portsOf(text) {
  const config = JSON.parse(text)
  const [app] = config.apps
  const panel = config.ports?.panel ?? 4400
  return {
    panel,
    widgets: config.ports?.widgets ?? [panel + 1, panel + 3, panel + 4],
    emulator: config.ports?.emulator ?? panel + 2,
    page: Number(new URL(app.url).port),
    backend: Number(new URL(app.webhook_url).port),
  }
}

/**
 * The config's text with every port moved to `layout(base)`: `ports`, and every local URL on one
 * of the old seven ports (the page's `url`, `pages[].embed_src`, the backend's `webhook_url`, any
 * other address of the widget) to the same place in the new layout. Edits only those, so the rest
 * of the file keeps its layout.
 */
export function movePorts(text, base) {
  const from = portsOf(text)
  const to = layout(base)
  const moved = new Map(portNames(from).map(([port], i) => [port, portNames(to)[i][0]]))
  const ports = `"ports": { "panel": ${to.panel}, "widgets": [${to.widgets.join(', ')}], "emulator": ${to.emulator} }`
  let out = /"ports"\s*:\s*\{[^}]*\}/.test(text)
    ? text.replace(/"ports"\s*:\s*\{[^}]*\}/, ports)
    : text.replace(/\{/, `{\n  ${ports},`)
  // A URL on this machine, in a JSON string: its port moves as the layout does.
  out = out.replace(
    /("https?:\/\/(?:localhost|127\.0\.0\.1|\[::1\]):)(\d{1,5})(?=[/?#"])/g,
    (match, origin, port) =>
      moved.has(Number(port)) ? `${origin}${moved.get(Number(port))}` : match,
  )
  const now = portsOf(out)
  if (JSON.stringify(now) !== JSON.stringify(to)) {
    throw new Error(`could not move the ports in platform.config.json: ${JSON.stringify(now)}`)
  }
  return out
}

/** True when nothing listens on `port` of 127.0.0.1 (nor of ::1, where localhost may lead). */
export async function isFree(port) {
  const tryListen = (host) =>
    new Promise((resolve) => {
      const server = createServer()
      server.once('error', (error) => resolve(error.code === 'EADDRNOTAVAIL'))
      server.listen(port, host, () => server.close(() => resolve(true)))
    })
  return (await tryListen('127.0.0.1')) && (await tryListen('::1'))
}

/** What uses each port, by port: for the message when one is taken. */
export function portNames(ports) {
  return [
    [ports.panel, 'the dev panel'],
    [ports.emulator, 'the platform emulator'],
    ...ports.widgets.map((port) => [port, 'a sample widget']),
    [ports.page, 'your page (Vite)'],
    [ports.backend, 'your backend'],
  ]
}

/** The first base port from `after` (in steps of 10) whose seven ports are all free. */
export async function freeBase(after) {
  for (let base = after; base <= 65529; base += 10) {
    const all = portNames(layout(base)).map(([port]) => port)
    if ((await Promise.all(all.map(isFree))).every(Boolean)) return base
  }
  return undefined
}
