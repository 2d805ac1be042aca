// The three packages of this repository (npm workspaces), and how the package checks pack and
// install them: `npm pack` in the package's folder, and `npm install` of the tarballs into an
// empty project (no dev dependency, no source tree). `--prefer-offline`: the tarballs of the
// dependencies come from the npm cache `npm ci` filled; the registry is asked only for the
// metadata the cache lacks (`npm ci` from a lockfile fetches none).
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export const ROOT = path.resolve(import.meta.dirname, '..')

/** Each package: its folder in the repository and its name on npm. */
export const PACKAGES = {
  sdk: { dir: ROOT, name: 'platform-widget-sdk' },
  server: { dir: path.join(ROOT, 'server'), name: 'platform-widget-server' },
  dev: { dir: path.join(ROOT, 'demo'), name: 'platform-widget-dev' },
}

/**
 * `npm pack` of one package into `destination`: the tarball's path and npm's report. With
 * `PACKED_DIR` set (by scripts/package-checks.mjs, which packs each package once for all the
 * checks of `npm run test:package`), a copy of the tarball packed there, and its report.
 */
export function pack(pkg, destination) {
  const packed = process.env.PACKED_DIR
  if (packed) {
    const report = JSON.parse(readFileSync(path.join(packed, `${pkg.name}.json`), 'utf8'))
    const tarball = path.join(destination, report.filename)
    copyFileSync(path.join(packed, report.filename), tarball)
    return { tarball, report }
  }
  const [report] = JSON.parse(
    // `--ignore-scripts`: the checks run on the tree `npm run build` just built; each package's
    // `prepack` would build it again, under the tests that run beside the checks.
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', destination], {
      cwd: pkg.dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  )
  return { tarball: path.join(destination, report.filename), report }
}

/** The package.json inside a tarball, as npm will install it. */
export function packedManifest(tarball) {
  return JSON.parse(
    execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }),
  )
}

/** An empty project at `dir` with `tarballs` installed: dependencies only. */
export function installInto(dir, tarballs) {
  mkdirSync(dir, { recursive: true })
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  )
  execFileSync(
    'npm',
    [
      'install',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--omit=dev',
      '--ignore-scripts',
      ...tarballs,
    ],
    { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] },
  )
  return dir
}

/** Every package installed under a project's node_modules, by name (scoped ones included). */
export function installedPackages(dir) {
  const lock = JSON.parse(
    readFileSync(path.join(dir, 'node_modules', '.package-lock.json'), 'utf8'),
  )
  return Object.keys(lock.packages)
    .filter((key) => key.startsWith('node_modules/'))
    .map((key) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length))
}
