// Static servers for the end-to-end tests and the minimal demo: the same tree on three origins,
// so widget iframes are really cross-origin. Binds to 127.0.0.1 only.

import { readFile } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sirv from 'sirv'

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)))

/** Origins from a base port: the panel, the widgets' site, and an untrusted third site. */
export function origins(base = Number(process.env.E2E_PORT ?? 4301)) {
  return {
    panel: { host: '127.0.0.1', port: base, origin: `http://127.0.0.1:${base}` },
    widget: { host: '127.0.0.1', port: base + 1, origin: `http://localhost:${base + 1}` },
    third: { host: '127.0.0.1', port: base + 2, origin: `http://127.0.0.1:${base + 2}` },
  }
}

/**
 * Serves `root` on each origin. HTML pages get `%PANEL%`, `%WIDGET%`, `%WIDGET_B%` and `%THIRD%`
 * replaced by the origins, and a strict Content-Security-Policy: no inline script, no eval, no
 * inline style. `%WIDGET_B%` is the widgets' server under its other name (127.0.0.1, not
 * localhost): a second widget needs an origin of its own, as the host requires.
 */
export async function serve(all = origins()) {
  const widgetB = `http://127.0.0.1:${all.widget.port}`
  const replace = (html) =>
    html
      .replaceAll('%PANEL%', all.panel.origin)
      .replaceAll('%WIDGET_B%', widgetB)
      .replaceAll('%WIDGET%', all.widget.origin)
      .replaceAll('%THIRD%', all.third.origin)
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${all.panel.origin}`,
    "style-src 'self'",
    "img-src 'self' data:",
    // *.localhost: one origin per widget on the widgets' server (the bench mounts up to 50).
    `frame-src ${all.widget.origin} ${widgetB} http://*.localhost:${all.widget.port} ${all.panel.origin} ${all.third.origin}`,
    `connect-src 'self' ${all.panel.origin}`,
  ].join('; ')
  const files = sirv(root, { dev: true, dotfiles: false })
  const servers = await Promise.all(
    Object.values(all).map(
      ({ host, port }) =>
        new Promise((resolve, reject) => {
          const server = http.createServer(async (req, res) => {
            const url = new URL(req.url ?? '/', 'http://x')
            if (url.pathname.endsWith('.html') && !url.pathname.includes('..')) {
              try {
                const html = await readFile(
                  path.join(root, decodeURIComponent(url.pathname)),
                  'utf8',
                )
                res.writeHead(200, {
                  'content-type': 'text/html; charset=utf-8',
                  'content-security-policy': csp,
                  // no-cache, not no-store: pages revalidate on every load and may still enter the back/forward cache.
                  'cache-control': 'no-cache',
                })
                res.end(replace(html))
              } catch {
                res.writeHead(404).end('not found')
              }
              return
            }
            files(req, res, () => res.writeHead(404).end('not found'))
          })
          server.once('error', (error) =>
            reject(
              error.code === 'EADDRINUSE'
                ? new Error(`Port ${port} is taken. Set E2E_PORT to another base port.`)
                : error,
            ),
          )
          server.listen(port, host, () => resolve(server))
        }),
    ),
  )
  return {
    origins: all,
    close: () => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))),
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { origins: all } = await serve()
  console.log(
    `panel   ${all.panel.origin}\nwidgets ${all.widget.origin}\nthird   ${all.third.origin}`,
  )
}
