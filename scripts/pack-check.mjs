// Checks what `npm pack` would publish: only dist, the README, the licence and package.json;
// and that none of it holds a secret (a developer key `dk_…` or a webhook secret `whsec_…`):
// each installation makes its own (demo/lib/secrets.ts).
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const [pack] = JSON.parse(
  execFileSync('npm', ['pack', '--dry-run', '--json'], { encoding: 'utf8' }),
)
const allowed = (path) =>
  path.startsWith('dist/') || ['README.md', 'LICENSE', 'package.json'].includes(path)
const files = pack.files.map((f) => f.path)
const stray = files.filter((path) => !allowed(path))
const needed = [
  'dist/platform.js',
  'dist/sdk.js',
  'dist/host.js',
  'dist/testing.js',
  'dist/server.js',
  'dist/dev/cli.js',
  'dist/dev/panel/pages/doctor.html',
  'dist/dev/panel/app/doctor.js',
  'dist/dev/widgets/public/doctor/index.html',
  'dist/dev/emulator/fixtures.json',
  'README.md',
  'LICENSE',
]
const missing = needed.filter((path) => !files.includes(path))
// A value, not the prefix in code or prose (`whsec_${…}`, `whsec_…`): 8 or more key characters.
const SECRET = /\b(?:whsec_[A-Za-z0-9+/]{8,}|dk_[A-Za-z0-9_-]{8,})/g
const secrets = files.flatMap((path) =>
  [...readFileSync(path, 'utf8').matchAll(SECRET)].map((m) => `${path}: ${m[0]}`),
)
if (secrets.length) {
  console.error(`secrets in the package:\n  ${secrets.join('\n  ')}`)
  process.exit(1)
}
console.log(`npm pack: ${files.length} files, ${pack.size} B packed`)
if (stray.length || missing.length) {
  console.error(
    `unexpected: ${stray.join(', ') || 'none'}; missing: ${missing.join(', ') || 'none'}`,
  )
  process.exit(1)
}
