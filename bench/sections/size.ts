import type { Results } from '../lib/results.ts'
import type { Figures } from './figures.ts'
import { bytes, table } from './format.ts'
import { fill } from './template.ts'

/** ## 1. Size: `platform.js` and where its bytes come from. */
export function sizeSection(_r: Results, fig: Figures): string {
  const { size, gzip } = fig
  return fill('size', {
    files: table(
      ['file', 'minified', 'gzip -9', 'brotli q11'],
      [
        [
          '**`dist/platform.js`**, the whole `window.platform`',
          bytes(size.platform.minified),
          `**${bytes(gzip)}**`,
          bytes(size.platform.brotli),
        ],
        ...Object.entries(size.reference).map(([name, s]) => [
          `for comparison: ${name}`,
          bytes(s.minified),
          bytes(s.gzip),
          bytes(s.brotli),
        ]),
      ],
    ),
    parts: table(
      ['part', 'minified', 'share', 'gzip marginal'],
      size.parts.map((p) => [
        p.part,
        bytes(p.minified),
        `${((100 * p.minified) / size.platform.minified).toFixed(0)}%`,
        bytes(p.gzipMarginal),
      ]),
    ),
    penpal: size.penpal.sections.length
      ? `penpal inside \`platform.js\`, by penpal module:\n\n${table(
          ['penpal module', 'minified', 'gzip marginal'],
          size.penpal.sections.map((s) => [s.section, bytes(s.minified), bytes(s.gzipMarginal)]),
        )}`
      : '',
  })
}
