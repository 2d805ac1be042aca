// Where the demo's files are, from the sources (`npm start`, tests) or from the package's build
// (`npx platform-widget-sdk dev`: everything bundled into dist/dev/cli.js, the pages, assets,
// sample widgets and fixtures copied beside it, the panel's page scripts already transpiled).

import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))

/** True when running from the built package (this module bundled into dist/dev/cli.js). */
export const BUNDLED = !/\.ts$/.test(fileURLToPath(import.meta.url))

/** The demo folder: `demo/` in the repository, `dist/dev/` in the package. */
export const DEMO_ROOT = BUNDLED ? here : path.resolve(here, '..')

/** The built SDK (platform.js, host.js, ...): `dist/` in both. */
export const SDK_DIST = BUNDLED ? path.resolve(here, '..') : path.resolve(here, '../../dist')

/** A file of the demo, by its path under `demo/`. */
export const demoPath = (...parts: string[]) => path.join(DEMO_ROOT, ...parts)
