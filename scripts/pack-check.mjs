// Checks what `npm pack` publishes of each package: only its dist, README, licence and
// package.json (and, for the SDK, its guides and SECURITY.md), and the files each needs; that none of it holds a secret (a developer key `dk_…`
// or a webhook secret `whsec_…`: each installation makes its own, demo/lib/secrets.ts); and that
// the SDK's packed package.json has no runtime dependency (penpal and nanoevents are bundled), so
// a widget page that installs it gets nothing else. Every relative link and image of a packed
// Markdown file (the READMEs, the SDK's guides, the `init` template's README) leads to a file of
// the same tarball: read from node_modules, a missing one is a broken link or image. And that each
// packed package.json is ready to publish (publishProblems), with no made-up address in it, and
// that each tarball holds its build (`dist/`).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { linkTargets, relativeTarget } from './md-links.mjs'
import { PACKAGES, pack, packedManifest, ROOT } from './packages.mjs'

const needed = {
  sdk: [
    'dist/platform.js',
    'dist/platform-top.js',
    'dist/sdk.js',
    'dist/host.js',
    'dist/events.js',
    'dist/testing.js',
    'dist/types/sdk/index.d.ts',
    'docs/widget.md',
    'docs/panel.md',
    'docs/server.md',
    'docs/dev-platform.md',
    'docs/choices.md',
    'SECURITY.md',
  ],
  server: ['dist/index.js', 'dist/types/index.d.ts', 'dist/types/platform-api.d.ts'],
  dev: [
    'dist/cli.js',
    'dist/panel/pages/doctor.html',
    'dist/panel/app/doctor.js',
    'dist/widgets/public/doctor/index.html',
    'dist/emulator/fixtures.json',
    'dist/emulator.js',
    'dist/emulator.d.ts',
    // npm would drop a file named .gitignore: the template keeps it as `gitignore` (demo/lib/init.ts)
    'dist/templates/widget/gitignore',
    'dist/templates/widget/package.json',
  ],
}
// What no package may carry: the dev command in the SDK (its libraries are not the SDK's), the
// server kit in the SDK (`./server` moved to platform-widget-server), sources anywhere.
const forbidden = {
  sdk: /^dist\/(dev\/|server\.js|types\/server\/)/,
  server: /^dist\/(dev\/|platform\.js|host\.js)/,
  dev: /^dist\/(platform\.js|host\.js|sdk\.js|index\.js)$/,
}
// The SDK also ships the guides its README links to (docs/*.md, not the screenshots, which they do
// not show) and SECURITY.md: a link in a packed README must resolve inside the package
// (test/readme-links.test.ts).
const docs = {
  sdk: (file) => /^docs\/[^/]+\.md$/.test(file) || file === 'SECURITY.md',
  server: () => false,
  dev: () => false,
}
// No package ships its own tests; the `init` template's are the new widget's.
const isStrayTest = (file) =>
  /\.test(-d)?\.[cm]?[jt]s(\.map)?$/.test(file) && !file.startsWith('dist/templates/')
const allowed = (key, file) =>
  file.startsWith('dist/') ||
  ['README.md', 'LICENSE', 'package.json'].includes(file) ||
  docs[key](file)
// A value, not the prefix in code or prose (`whsec_${…}`, `whsec_…`): 8 or more key characters.
const SECRET = /\b(?:whsec_[A-Za-z0-9+/]{8,}|dk_[A-Za-z0-9_-]{8,})/g

/** The relative links and images of the packed Markdown files that lead to no packed file. */
function brokenLinks(dir, files) {
  const packed = new Set(files)
  const isPacked = (file) => packed.has(file) || files.some((f) => f.startsWith(`${file}/`))
  return files
    .filter((file) => file.endsWith('.md'))
    .flatMap((file) =>
      linkTargets(readFileSync(path.join(dir, file), 'utf8')).flatMap((target) => {
        const relative = relativeTarget(target)
        if (!relative?.path) return [] // a URL, or an anchor in the same file
        const joined = path.posix.join(path.posix.dirname(file), relative.path)
        return isPacked(path.posix.normalize(joined).replace(/\/$/, ''))
          ? []
          : [`${file}: ${target}`]
      }),
    )
}

// A made-up address: an example domain, a reserved TLD, or the organisation this project never had.
const PLACEHOLDER =
  /\bexample\.(com|org|net)\b|\.(test|invalid|example|localhost)\b|github\.com\/platform-widget\//

/** Each of `repository`, `homepage` and `bugs` that gives a made-up address. */
function placeholders(manifest) {
  return ['repository', 'homepage', 'bugs'].flatMap((field) => {
    const value = manifest[field]
    const url = typeof value === 'string' ? value : value?.url
    return typeof url === 'string' && PLACEHOLDER.test(url)
      ? [
          `"${field}" is a placeholder (${url}): leave it out until the real one exists (docs/releasing.md)`,
        ]
      : []
  })
}

/**
 * What keeps a packed package.json from being published as it should: `private`, a made-up
 * `repository`, `homepage` or `bugs` (left out until the real ones exist: docs/releasing.md),
 * `files`, `engines.node`, licence or description, and a dependency on one of this repository's
 * packages that its version does not satisfy (`^x.y.z` of exactly it: npm installs the tarballs
 * side by side).
 */
function publishProblems(key, pkg, manifest, versions) {
  const problems = []
  if (manifest.private) problems.push('"private": true (npm publish refuses it)')
  problems.push(...placeholders(manifest))
  const repo = manifest.repository
  const folder = path.relative(ROOT, pkg.dir)
  if (repo && folder && repo.directory !== folder) {
    problems.push(`"repository.directory" is ${JSON.stringify(repo.directory)}, not "${folder}"`)
  }
  if (!Array.isArray(manifest.files) || manifest.files.length === 0) problems.push('no "files"')
  if (typeof manifest.engines?.node !== 'string') problems.push('no "engines": { "node": … }')
  for (const field of ['license', 'description', 'version']) {
    if (typeof manifest[field] !== 'string' || !manifest[field]) problems.push(`no "${field}"`)
  }
  if (key === 'dev' && !manifest.bin?.['platform-widget-dev']) problems.push('no bin')
  for (const [name, version] of Object.entries(versions)) {
    const range = manifest.dependencies?.[name]
    if (range !== undefined && range !== `^${version}`) {
      problems.push(`depends on ${name}@${range}, not ^${version} (the version packed beside it)`)
    }
  }
  return problems.map((problem) => `${pkg.name}: ${problem}`)
}

const versions = Object.fromEntries(
  Object.values(PACKAGES).map((pkg) => [
    pkg.name,
    JSON.parse(readFileSync(path.join(pkg.dir, 'package.json'), 'utf8')).version,
  ]),
)
const failures = []
const dir = mkdtempSync(path.join(tmpdir(), 'pack-check-'))
try {
  for (const [key, pkg] of Object.entries(PACKAGES)) {
    const { tarball, report } = pack(pkg, dir)
    const files = report.files.map((f) => f.path)
    const stray = files.filter(
      (file) => !allowed(key, file) || forbidden[key].test(file) || isStrayTest(file),
    )
    // `npm pack` builds first (each package's `prepack`); a tarball without its build is refused.
    if (!files.some((file) => file.startsWith('dist/'))) {
      failures.push(`${pkg.name}: no dist/ in the tarball (was it built? \`npm run build\`)`)
    }
    const missing = [...needed[key], 'README.md', 'LICENSE', 'package.json'].filter(
      (file) => !files.includes(file),
    )
    const secrets = files.flatMap((file) =>
      [...readFileSync(path.join(pkg.dir, file), 'utf8').matchAll(SECRET)].map(
        (m) => `${file}: ${m[0]}`,
      ),
    )
    const broken = brokenLinks(pkg.dir, files)
    const manifest = packedManifest(tarball)
    console.log(`${pkg.name}: ${files.length} files, ${report.size} B packed`)
    if (manifest.name !== pkg.name) failures.push(`${pkg.name}: packed as "${manifest.name}"`)
    const unready = publishProblems(key, pkg, manifest, versions)
    failures.push(...unready)
    if (!unready.length) console.log(`${pkg.name}: its package.json is ready to publish`)
    if (stray.length) failures.push(`${pkg.name}: unexpected ${stray.join(', ')}`)
    if (missing.length) failures.push(`${pkg.name}: missing ${missing.join(', ')}`)
    if (broken.length)
      failures.push(
        `${pkg.name}: links and images to files it does not ship\n  ${broken.join('\n  ')}`,
      )
    if (secrets.length) failures.push(`${pkg.name}: secrets\n  ${secrets.join('\n  ')}`)
    if (key === 'sdk') {
      const runtime = ['dependencies', 'peerDependencies', 'optionalDependencies'].flatMap(
        (field) => Object.keys(manifest[field] ?? {}).map((name) => `${field}.${name}`),
      )
      if (runtime.length) failures.push(`${pkg.name}: runtime dependencies ${runtime.join(', ')}`)
      else console.log(`${pkg.name}: no runtime dependency in the packed package.json`)
      if (manifest.bin) failures.push(`${pkg.name}: a bin (${Object.keys(manifest.bin)})`)
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
if (failures.length) {
  console.error(failures.join('\n'))
  process.exit(1)
}
