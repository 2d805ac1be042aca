// The link and image targets of a Markdown file, for the checks that every relative one resolves:
// in the repository and in what each package ships (test/readme-links.test.ts), and in the real
// tarballs (scripts/pack-check.mjs). A guide read from node_modules shows a missing image as a
// broken one, silently; these checks say which.

/**
 * The link and image targets of a Markdown text, outside code: `[x](t)`, `![x](t "title")`,
 * `![x](<t with spaces>)`, a reference definition `[x]: t`, and HTML's `src`, `srcset` and
 * `href` (quoted either way, or not).
 * @param {string} markdown
 * @returns {string[]}
 */
export function linkTargets(markdown) {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '')
  const title = String.raw`(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?`
  // A destination is `<any text but >>` or a run without spaces or `)`.
  const target = String.raw`(?:<([^>\n]+)>|([^)\s<>]+))`
  const inline = new RegExp(String.raw`\]\(\s*${target}${title}\s*\)`, 'g')
  const definition = new RegExp(String.raw`^ {0,3}\[[^\]]+\]:\s*${target}${title}\s*$`, 'gm')
  const attribute = /(?<![\w-])(src|href|srcset)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi
  return [
    ...[...prose.matchAll(inline)].map((m) => m[1] ?? m[2] ?? ''),
    ...[...prose.matchAll(definition)].map((m) => m[1] ?? m[2] ?? ''),
    ...[...prose.matchAll(attribute)].flatMap(([, name = '', ...values]) => {
      const value = values.find((v) => v !== undefined) ?? ''
      // srcset: "a.png 1x, b.png 2x", each candidate a URL and a descriptor
      return name.toLowerCase() === 'srcset'
        ? value.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
        : [value]
    }),
  ]
}

/**
 * A target's path without its `#anchor` and `?query`, or `undefined` for an absolute URL
 * (`https:`, `mailto:`, `data:`, `//host/…`), which no file check applies to.
 * @param {string} target
 * @returns {{ path: string, anchor: string | undefined } | undefined}
 */
export function relativeTarget(target) {
  if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(target)) return undefined
  const [beforeAnchor = '', anchor] = target.split('#')
  return { path: decodeURI(beforeAnchor.replace(/\?.*/, '')), anchor }
}
