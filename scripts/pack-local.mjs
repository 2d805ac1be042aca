// `npm run pack:local [-- DIR]`: the three packages built and packed into one folder (default
// `packed/`), the route to a new widget until they are published: then
// `node demo/dist/cli.js init ../my-widget --packages packed` (the README's quick start).
// Builds once, then packs each package without its `prepack` (which would build again).
import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { PACKAGES, ROOT } from './packages.mjs'

const out = path.resolve(ROOT, process.argv[2] ?? 'packed')
execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
mkdirSync(out, { recursive: true })
// Only this version's tarballs in the folder: init refuses two of one package.
for (const file of readdirSync(out)) {
  if (Object.values(PACKAGES).some((pkg) => file.startsWith(`${pkg.name}-`))) {
    rmSync(path.join(out, file))
  }
}
for (const pkg of Object.values(PACKAGES)) {
  execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', out], {
    cwd: pkg.dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}
console.log(
  `\nPacked into ${path.relative(process.cwd(), out) || '.'}: ${readdirSync(out).join(', ')}`,
)
