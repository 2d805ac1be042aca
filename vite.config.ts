import { readFileSync } from 'node:fs'
import type { BuildEnvironmentOptions } from 'vite'
import { defineConfig } from 'vitest/config'

// The builds of the three packages (npm workspaces: this one, server/ and demo/), from one config:
// - default mode: ESM entries for npm (sdk, host, events, testing), penpal and nanoevents bundled in;
// - `--mode script`: dist/platform.js, one self-contained IIFE for a <script> tag (and
//   `--mode script-top`, dist/platform-top.js, which it loads on a top-level page only);
// - `--mode server`: server/dist/index.js, the server kit `platform-widget-server`, for Node;
// - `--mode dev`: demo/dist/cli.js, the dev command of `platform-widget-dev` (see below).

/** The SDK package by name, with its entries: a dependency of the other two, never bundled. */
const SDK = /^platform-widget-sdk(\/|$)/

/**
 * One file per module, all at the top of dist/: `host-kit/dialog/dom.ts` becomes `host-kit_dialog_dom.js`,
 * and the entries keep their names (`host.js`). A panel's bundler then drops what `createHost`
 * does not use and splits what loads later; a chunk of the package, one module to it, would load
 * whole.
 */
function flatName(chunk: { name: string; isEntry: boolean }): string {
  return `${chunk.isEntry && !chunk.name.includes('/') ? chunk.name : chunk.name.replace(/^node_modules\//, '').replace(/[^A-Za-z0-9-]+/g, '_')}.js`
}

const builds: Record<string, BuildEnvironmentOptions> = {
  production: {
    emptyOutDir: true,
    minify: true,
    lib: {
      entry: {
        sdk: 'src/sdk/index.ts',
        host: 'src/host/index.ts',
        events: 'src/operations/events.ts',
        testing: 'src/testing/index.ts',
      },
      formats: ['es'],
    },
    rollupOptions: {
      output: {
        preserveModules: true,
        preserveModulesRoot: 'src',
        entryFileNames: flatName,
        chunkFileNames: flatName,
      },
    },
  },
  script: {
    emptyOutDir: false,
    minify: true,
    lib: {
      entry: 'src/sdk/script.ts',
      formats: ['iife'],
      name: 'platformScript',
      fileName: () => 'platform.js',
    },
  },
  // `--mode script-top`: dist/platform-top.js, what platform.js loads on a top-level page only
  // (a widget's own start page, outside the panel): `platformTop.createTopLevelPlatform`.
  'script-top': {
    emptyOutDir: false,
    minify: true,
    lib: {
      entry: 'src/sdk/toplevel.ts',
      formats: ['iife'],
      name: 'platformTop',
      fileName: () => 'platform-top.js',
    },
  },
  // Its dependencies stay dependencies, the contract (PlatformError, ErrorCode) among them: it
  // imports `platform-widget-sdk/events`, so its errors are the SDK's own class.
  server: {
    outDir: 'server/dist',
    emptyOutDir: true,
    ssr: true,
    lib: { entry: { index: 'server/src/index.ts' }, formats: ['es'] },
    rollupOptions: { external: ['standardwebhooks', 'openapi-fetch', SDK] },
  },
  // `--mode dev`: demo/dist/cli.js, the `platform-widget-dev dev` command (demo/cli.ts: panel,
  // sample widgets and emulator) for Node, and demo/dist/emulator.js, the `./emulator` entry
  // (demo/start-emulator.ts: the emulator alone, for tests). Their runtime libraries, the SDK and
  // the server kit stay dependencies; scripts/build-dev.mjs then copies the pages, assets,
  // fixtures and the `init` template beside them and writes the entry's .d.ts.
  dev: {
    outDir: 'demo/dist',
    emptyOutDir: true,
    ssr: true,
    lib: {
      entry: {
        cli: 'demo/cli.ts',
        emulator: 'demo/start-emulator.ts',
        playwright: 'demo/playwright/index.ts',
        backend: 'demo/backend.ts',
      },
      formats: ['es'],
    },
    rollupOptions: {
      external: [
        /^hono(\/|$)/,
        /^@hono\/node-server(\/|$)/,
        /^@hono\/zod-openapi(\/|$)/,
        /^zod(\/|$)/,
        'jose',
        'standardwebhooks',
        'typescript',
        'axe-core',
        SDK,
        'platform-widget-server',
        // A peer: the widget's own Playwright runs the fixture.
        /^@playwright\/test(\/|$)/,
        // An optional peer: `check --engine firefox` drives Firefox ESR with it.
        /^puppeteer-core(\/|$)/,
      ],
    },
  },
}

const { version } = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'))

// Tests, tsc and tsx run on the sources: the packages' names, as a widget developer imports them,
// lead to the sources here (tsconfig.json's `paths` says the same). Not in a build, where they
// stay imports of the installed packages.
const sources = {
  'platform-widget-sdk/testing': new URL('src/testing/index.ts', import.meta.url).pathname,
  'platform-widget-sdk/events': new URL('src/operations/events.ts', import.meta.url).pathname,
  'platform-widget-sdk/host': new URL('src/host/index.ts', import.meta.url).pathname,
  'platform-widget-server': new URL('server/src/index.ts', import.meta.url).pathname,
}

export default defineConfig(({ command, mode }) => ({
  // One source for the version: package.json (src/version.d.ts declares it for tsc).
  define: {
    __PLATFORM_SDK_VERSION__: JSON.stringify(version),
    __PLATFORM_SCRIPT__: JSON.stringify(mode === 'script'),
  },
  build: { outDir: 'dist', sourcemap: true, ...(builds[mode] ?? builds.production) },
  resolve: { alias: command === 'build' ? {} : sources },
}))
