// Where the demo's files are, from the sources (`npm start`, tests) or from the package's build
// (`npx platform-widget-dev dev`: everything bundled into dist/cli.js, the pages, assets, sample
// widgets and fixtures copied beside it, the panel's page scripts already transpiled).

import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))

/** True when running from the built package (this module bundled into demo/dist/cli.js). */
export const BUNDLED = !/\.ts$/.test(fileURLToPath(import.meta.url))

/** The demo folder: `demo/` in the repository, the package's `dist/` once built. */
export const DEMO_ROOT = BUNDLED ? here : path.resolve(here, '..')

/**
 * The built SDK (platform.js, host.js, ...): the `dist/` of the `platform-widget-sdk` package,
 * a dependency of this one. In the repository that is the root package (an npm workspace), so
 * the repository's own `dist/`.
 */
export const SDK_DIST = path.join(
  path.dirname(createRequire(import.meta.url).resolve('platform-widget-sdk/package.json')),
  'dist',
)

/** A file of the demo, by its path under `demo/`. */
export const demoPath = (...parts: string[]) => path.join(DEMO_ROOT, ...parts)
