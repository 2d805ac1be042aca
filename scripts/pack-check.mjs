// Checks what `npm pack` would publish: only dist, the README, the licence and package.json.
import { execFileSync } from 'node:child_process'

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
console.log(`npm pack: ${files.length} files, ${pack.size} B packed`)
if (stray.length || missing.length) {
  console.error(
    `unexpected: ${stray.join(', ') || 'none'}; missing: ${missing.join(', ') || 'none'}`,
  )
  process.exit(1)
}
