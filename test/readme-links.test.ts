// Every relative link and image in the READMEs and the guides leads somewhere: to a file of the
// repository and, when it names one, to a heading of that file. A package's README is also read
// from its tarball (on npm, in node_modules), so its links and images must stay inside what that
// package ships; so must every link and image of the guides, since the SDK's package ships
// docs/*.md too (and not docs/screenshots/).
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { linkTargets, relativeTarget } from '../scripts/md-links.mjs'

/** The three packages' READMEs, each with the folder of its package. */
const PACKAGE_READMES = [
  { file: 'README.md', dir: '.' },
  { file: 'server/README.md', dir: 'server' },
  { file: 'demo/README.md', dir: 'demo' },
]
// SECURITY.md ships beside the guides, and its index links into its own sections.
const GUIDES = [
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  'SECURITY.md',
]

/** GitHub's anchor for a heading: lower case, no punctuation, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** The anchors of a Markdown file's headings (a repeated heading gets `-1`, `-2`, …). */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const out = new Set<string>()
  for (const [, heading] of markdown
    .replace(/^```[\s\S]*?^```/gm, '')
    .matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(heading!)
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    out.add(n ? `${base}-${n}` : base)
  }
  return out
}

/**
 * Whether `file` (relative to the package folder, `/`-separated) is in what `npm pack` ships: the
 * package.json `files` entries (a folder, a file or a `*` glob), and what npm always adds.
 */
function shipped(file: string, files: string[]): boolean {
  if (['README.md', 'LICENSE', 'package.json'].includes(file)) return true
  return files.some((entry) => {
    const clean = entry.replace(/^\.\//, '').replace(/\/$/, '')
    if (!clean.includes('*')) return file === clean || file.startsWith(`${clean}/`)
    const pattern = clean
      .split('**')
      .map((part) =>
        part
          .split('*')
          .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('[^/]*'),
      )
      .join('.*')
    return new RegExp(`^${pattern}(/.*)?$`).test(file)
  })
}

/** How the SDK's package.json lists what it ships. */
const sdkFiles = () =>
  (JSON.parse(readFileSync('package.json', 'utf8')) as { files?: string[] }).files ?? []

/** Every problem with the relative links and images of `file`; `pkg` for a file that ships in a package. */
function problems(file: string, pkg?: { dir: string; files: string[] }): string[] {
  const found: string[] = []
  const text = readFileSync(file, 'utf8')
  for (const target of linkTargets(text)) {
    const relative = relativeTarget(target)
    if (!relative) continue // https:, mailto:, data:, //host …
    const { path: rawPath, anchor } = relative
    const resolved = rawPath ? path.normalize(path.join(path.dirname(file), rawPath)) : file
    if (!existsSync(resolved)) {
      found.push(`${file}: ${target} (no ${resolved})`)
      continue
    }
    if (anchor && statSync(resolved).isFile() && resolved.endsWith('.md')) {
      if (!anchors(readFileSync(resolved, 'utf8')).has(anchor)) {
        found.push(`${file}: ${target} (no heading #${anchor} in ${resolved})`)
      }
    }
    if (pkg) {
      const inside = path.relative(pkg.dir, resolved).split(path.sep).join('/')
      if (inside.startsWith('..') || !shipped(inside, pkg.files)) {
        found.push(`${file}: ${target} (not shipped in the package of ${pkg.dir}: ${inside})`)
      }
    }
  }
  return found
}

describe('links in the READMEs and guides', () => {
  it('finds links, and skips code', () => {
    const text =
      'See [a](docs/a.md#x) and ![b](b.png "t").\n```sh\n[c](c.md)\n```\n`[d](d.md)` <img src="e.png">'
    expect(linkTargets(text)).toEqual(['docs/a.md#x', 'b.png', 'e.png'])
    const images = [
      "![f](f.png 'single') ![g](<g h.png>) [![i](i.png)](j.md)",
      '![k][ref]',
      '  [ref]: k.png "title"',
      '<img src=\'l.png\' srcset="m.png 1x, n.png 2x"> <IMG SRC=o.png> <img data-src="no.png">',
    ].join('\n')
    expect(linkTargets(images).sort()).toEqual(
      ['f.png', 'g h.png', 'i.png', 'j.md', 'k.png', 'l.png', 'm.png', 'n.png', 'o.png'].sort(),
    )
    expect(slug("Storage in the panel's frame")).toBe('storage-in-the-panels-frame')
    expect(slug('Refuse dialogs in a framed panel: `frameAncestors`')).toBe(
      'refuse-dialogs-in-a-framed-panel-frameancestors',
    )
  })

  it('knows what a package ships', () => {
    const files = ['dist', 'docs/*.md', 'SECURITY.md']
    expect(shipped('docs/widget.md', files)).toBe(true)
    expect(shipped('dist/types/sdk/index.d.ts', files)).toBe(true)
    expect(shipped('LICENSE', files)).toBe(true)
    expect(shipped('docs/screenshots/consent.fa.png', files)).toBe(false)
    expect(shipped('DEVELOPERS.md', files)).toBe(false)
    expect(shipped('distant.md', files)).toBe(false)
  })

  it.each(PACKAGE_READMES)(
    '$file: every relative link resolves inside its package',
    ({ file, dir }) => {
      const { files = [] } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        files?: string[]
      }
      expect(problems(file, { dir, files })).toEqual([])
    },
  )

  it('refuses a packed README that links out of its package', () => {
    // Without docs/*.md in its files, the SDK's README would link out of its package.
    const sdkReadme = problems('README.md', { dir: '.', files: ['dist'] })
    expect(sdkReadme.some((p) => p.includes('docs/widget.md'))).toBe(true)
  })

  it.each(GUIDES)('%s: every relative link resolves', (file) => {
    expect(problems(file)).toEqual([])
  })

  // In node_modules/platform-widget-sdk/docs/ a link to ../demo/README.md or ../e2e/… is broken,
  // and so is an image from docs/screenshots/, which the package does not ship (2.5 MB of PNG):
  // the guides link only each other, README.md and SECURITY.md, and show no image.
  it.each(GUIDES)('%s: every link and image leads to a file the SDK package ships', (file) => {
    expect(problems(file, { dir: '.', files: sdkFiles() })).toEqual([])
  })

  // The screenshots' own page, in the repository only: it shows every file of its folder.
  it('docs/screenshots/README.md shows every screenshot, and each image resolves', () => {
    const file = 'docs/screenshots/README.md'
    expect(problems(file)).toEqual([])
    const shown = new Set(linkTargets(readFileSync(file, 'utf8')))
    const pngs = readdirSync('docs/screenshots').filter((name) => name.endsWith('.png'))
    expect(pngs.filter((name) => !shown.has(name))).toEqual([])
  })

  // The `init` template is copied whole into the dev package (dist/templates/widget/) and then
  // into each new widget, where its README is the widget's own: its links stay in the template.
  it('the init template README links only inside the template', () => {
    const dir = 'demo/templates/widget'
    expect(problems(`${dir}/README.md`, { dir, files: ['*'] })).toEqual([])
  })

  it('refuses a guide whose link or image leads to a file the SDK package does not ship', () => {
    const pkg = { dir: '.', files: sdkFiles() }
    const dir = mkdtempSync(path.join('docs', '.links-'))
    try {
      const guide = path.join(dir, 'guide.md')
      writeFileSync(
        guide,
        [
          '[a](../../SECURITY.md) [b](../../demo/README.md) [c](../widget.md#connect-to-the-panel)',
          '![d](../screenshots/consent.fa.png) <img src="../screenshots/payment.fa.png" width="9">',
        ].join('\n'),
      )
      expect(problems(guide, pkg)).toEqual([
        `${guide}: ../../demo/README.md (not shipped in the package of .: demo/README.md)`,
        `${guide}: ../screenshots/consent.fa.png (not shipped in the package of .: docs/screenshots/consent.fa.png)`,
        `${guide}: ../screenshots/payment.fa.png (not shipped in the package of .: docs/screenshots/payment.fa.png)`,
      ])
    } finally {
      rmSync(dir, { recursive: true })
    }
  })
})
