import { readFile } from 'node:fs/promises'
import type { Server } from 'node:http'
import path from 'node:path'
import { createAdaptorServer } from '@hono/node-server'
import type { Context, Hono } from 'hono'

/** Every demo server binds here: nothing is reachable from another machine. */
export const HOST = '127.0.0.1'

export class PortInUseError extends Error {}

export interface Running {
  close(): Promise<void>
}

/** Starts `app` on 127.0.0.1:`port`. A taken port rejects with a {@link PortInUseError}. */
export function listen(
  app: { fetch: Hono['fetch'] },
  port: number,
  label: string,
  hint: string,
): Promise<Running> {
  const server = createAdaptorServer({ fetch: app.fetch }) as Server
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(new PortInUseError(`Port ${port} (${label}) is already in use. ${hint}`))
      } else if (error.code === 'EACCES') {
        reject(new PortInUseError(`Port ${port} (${label}) cannot be opened by this user. ${hint}`))
      } else {
        reject(error)
      }
    })
    server.listen(port, HOST, () =>
      resolve({
        close: () =>
          new Promise((done) => {
            server.close(() => done())
            server.closeAllConnections()
          }),
      }),
    )
  })
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}

/** The file `rel` inside `root`, or undefined when it is not there (or would leave `root`). */
export async function readInside(root: string, rel: string): Promise<Buffer | undefined> {
  let decoded: string
  try {
    decoded = decodeURIComponent(rel)
  } catch {
    return undefined
  }
  const full = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`)
  if (full !== root && !full.startsWith(root + path.sep)) return undefined
  try {
    return await readFile(full)
  } catch {
    return undefined
  }
}

export function contentType(file: string): string {
  return TYPES[path.extname(file)] ?? 'application/octet-stream'
}

/** Serves files under `root` for the part of the path after `prefix`. */
export async function serveFrom(c: Context, root: string, prefix: string) {
  const rel = c.req.path.slice(prefix.length)
  const body = await readInside(root, rel)
  if (!body) return c.text('not found', 404)
  return c.body(new Uint8Array(body), 200, {
    'content-type': contentType(rel),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  })
}

/** An HTML page with `%NAME%` placeholders filled in and a Content-Security-Policy. */
export async function page(
  c: Context,
  file: string,
  values: Record<string, string>,
  csp: string,
  status: 200 | 404 = 200,
) {
  let html = await readFile(file, 'utf8')
  for (const [name, value] of Object.entries(values)) html = html.replaceAll(`%${name}%`, value)
  return c.html(html, status, {
    'content-security-policy': csp,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  })
}
