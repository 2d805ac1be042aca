import { createServer } from 'node:net'

/**
 * A port nothing listens on right now on 127.0.0.1, as the kernel hands it out (`listen(0)`): for
 * a server whose URL must be known before it starts. Another `listen(0)` may take it before the
 * server binds it; `demo/check/test-pages.ts` hands out ports below the kernel's range instead.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}
