import type { Results } from '../lib/results.ts'
import { attribute, attributeSections, sizesOf } from '../lib/size.ts'

/**
 * penpal modules that `connect` brings along and the widget side never runs: the handler for
 * calls *to* the widget (it exposes no methods) and `Reply` (only a method implementation
 * returns one). The script build trims them (scripts/penpal-trim.ts); what is left of them in
 * platform.js shows whether the trim held.
 */
const PENPAL_UNUSED = ['src/connectCallHandler.ts', 'src/Reply.ts']

/** `dist/platform.js` minified, gzip and brotli, where its bytes come from, and the peers' sizes. */
export function measureSize(): Results['size'] {
  return {
    platform: sizesOf('dist/platform.js'),
    parts: attribute('dist/platform.js'),
    penpal: attributeSections('dist/platform.js', 'penpal', PENPAL_UNUSED),
    reference: {
      'penpal 7 (penpal.min.js)': sizesOf('node_modules/penpal/dist/penpal.min.js'),
      'comlink 4 (comlink.min.js)': sizesOf('node_modules/comlink/dist/umd/comlink.min.js'),
      'post-robot 10 (post-robot.min.js)': sizesOf(
        'node_modules/post-robot/dist/post-robot.min.js',
      ),
    },
  }
}
