import net from 'node:net'

/** True when nothing listens on 127.0.0.1:`port`. */
const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })

/** The first base port from `start` (in steps of 10) whose three ports are free. */
export async function freeBase(start: number): Promise<number> {
  const tries = process.env.BENCH_PORT ? 1 : 20
  for (let base = start, i = 0; i < tries; i++, base += 10) {
    if ((await Promise.all([0, 1, 2].map((d) => portFree(base + d)))).every(Boolean)) return base
  }
  throw new Error(`no free base port from ${start}: set BENCH_PORT`)
}
