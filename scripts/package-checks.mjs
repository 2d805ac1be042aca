// `npm run test:package` after publint: the checks of the packed packages, over one `npm pack` of
// each. Each check script packed the packages it needs for itself (13 packs, and attw's `--pack`
// 3 more, at 1–2 s each on an idle machine and 7–9 s at load 18); the tree does not change between
// them, so they now share these tarballs (`PACKED_DIR`, read by `pack` in scripts/packages.mjs).
// Run alone, each script still packs for itself.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PACKAGES, pack, ROOT } from './packages.mjs'

const dir = mkdtempSync(path.join(tmpdir(), 'pws-packed-'))
let failed
try {
  const tarballs = Object.values(PACKAGES).map((pkg) => {
    const { tarball, report } = pack(pkg, dir)
    writeFileSync(path.join(dir, `${pkg.name}.json`), JSON.stringify(report))
    return tarball
  })
  const env = { ...process.env, PACKED_DIR: dir }
  const steps = [
    ...tarballs.map((tarball) => [
      path.join(ROOT, 'node_modules/.bin/attw'),
      [tarball, '--profile', 'esm-only'],
    ]),
    ...['pack-check', 'types-check', 'package-server', 'package-dev', 'package-init'].map(
      (script) => [process.execPath, [path.join(ROOT, 'scripts', `${script}.mjs`)]],
    ),
  ]
  for (const [command, args] of steps) {
    const { status, error } = spawnSync(command, args, { cwd: ROOT, env, stdio: 'inherit' })
    if (status !== 0) {
      failed = `${path.basename(command)} ${args.map((a) => path.basename(a)).join(' ')}: ${error?.message ?? `exit ${status}`}`
      break
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
if (failed) {
  console.error(`package-checks: ${failed}`)
  process.exit(1)
}
