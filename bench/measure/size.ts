import type { Results } from '../lib/results.ts'
import { attribute, attributeSections, sizesOf } from '../lib/size.ts'

/**
 * penpal modules the widget side would never run: the handler for calls *to* the widget (it
 * exposes no methods) and `Reply`. platform.js bundles no penpal at all (src/sdk/bridge.ts speaks
 * its protocol); the section by penpal module shows it, and would show penpal coming back.
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
