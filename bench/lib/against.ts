// `npm run bench -- --against <ref>`: the builds the A/B section compares. Build A is
// platform.js and the host (the test kit's dist/testing.js, with the host inside) at `ref`, built
// in a temporary git worktree that links this tree's node_modules; build B is this tree's dist/,
// which `npm run bench` has just built. Both are copied under bench/ab/ (git-ignored), where
// the A/B pages load them from.

import { execFileSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { log, root } from '../config.ts'

export interface AbBuild {
  /** What was asked for: a git ref, or "this tree". */
  ref: string
  /** The commit it resolved to (short), with "+ changes" for a tree with uncommitted ones. */
  commit: string
  /** What was done to it before building, if anything (the deliberate slow-down). */
  patch?: string
}

const git = (args: string[], cwd = root) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()

/** The three Vite builds the bench pages need: the ESM entries (testing.js), platform(-top).js. */
function viteBuild(dir: string) {
  const vite = path.join(root, 'node_modules/.bin/vite')
  for (const mode of [[], ['--mode', 'script'], ['--mode', 'script-top']]) {
    execFileSync(vite, ['build', '--logLevel', 'error', ...mode], { cwd: dir, stdio: 'inherit' })
  }
}

/**
 * The deliberate slow-down the A/B run must catch: `us` µs of busy work at the start of every
 * call the SDK sends (`Bridge.call`, src/sdk/bridge.ts). Throws when the anchor is gone, so a
 * change to that file cannot turn the check into one that measures nothing.
 */
export function injectBusyLoop(source: string, us: number): string {
  const anchor = /\n(\s+)call: \(method, request, callTimeout\) => \{\n/
  const found = anchor.exec(source)
  if (!found) throw new Error('src/sdk/bridge.ts: no `call: (method, request, callTimeout) => {`')
  const indent = `${found[1]}  `
  const loop = `${indent}const busyUntil = performance.now() + ${us / 1000}\n${indent}while (performance.now() < busyUntil) {}\n`
  return source.replace(anchor, (line) => `${line}${loop}`)
}

/** Builds `ref` in a temporary git worktree (with `busyUs`, the slow-down) into `dest`/dist. */
export function buildAt(ref: string, dest: string, busyUs?: number): AbBuild {
  const commit = git(['rev-parse', '--short', `${ref}^{commit}`])
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-ab-'))
  log(`A/B: building ${ref} (${commit}) in a temporary worktree`)
  git(['worktree', 'add', '--detach', dir, commit])
  try {
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir')
    if (busyUs) {
      const file = path.join(dir, 'src/sdk/bridge.ts')
      writeFileSync(file, injectBusyLoop(readFileSync(file, 'utf8'), busyUs))
    }
    viteBuild(dir)
    rmSync(dest, { recursive: true, force: true })
    cpSync(path.join(dir, 'dist'), path.join(dest, 'dist'), { recursive: true })
  } finally {
    rmSync(dir, { recursive: true, force: true })
    git(['worktree', 'prune'])
  }
  return {
    ref,
    commit,
    ...(busyUs && { patch: `a ${busyUs} µs busy loop at the start of every SDK call` }),
  }
}

/** This tree's dist/ (built by `npm run bench`), copied to `dest`/dist. */
export function copyThisTree(dest: string): AbBuild {
  if (!existsSync(path.join(root, 'dist/testing.js'))) throw new Error('dist/ is not built')
  rmSync(dest, { recursive: true, force: true })
  cpSync(path.join(root, 'dist'), path.join(dest, 'dist'), { recursive: true })
  const dirty = git(['status', '--porcelain', '--', 'src', 'package.json', 'vite.config.ts'])
  return {
    ref: 'this tree',
    commit: `${git(['rev-parse', '--short', 'HEAD'])}${dirty ? ' + changes' : ''}`,
  }
}
