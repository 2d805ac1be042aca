import { execSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import os from 'node:os'

/** The machine the run has: CPU, memory, OS, Node, the commit, the load average at its start. */
export function machine() {
  const cpu = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown'
  const sh = (cmd: string) => {
    try {
      return execSync(cmd, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
    } catch {
      return ''
    }
  }
  return {
    nproc: Number(sh('nproc')) || os.cpus().length,
    cpu,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    commit: sh('git rev-parse --short HEAD'),
    dirty: sh('git status --porcelain -- src package.json vite.config.ts') !== '',
    loadStart: os.loadavg()[0] as number,
    loadEnd: Number.NaN,
  }
}
