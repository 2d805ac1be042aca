import { readFileSync } from 'node:fs'
import type { BuildEnvironmentOptions } from 'vite'
import { defineConfig } from 'vitest/config'
import { trimPenpal } from './scripts/penpal-trim.ts'

// Four builds from the same sources, into dist/:
// - default mode: ESM entries for npm (sdk, host, events, testing), penpal and nanoevents bundled in;
// - `--mode script`: dist/platform.js, one self-contained IIFE for a <script> tag (and
//   `--mode script-top`, dist/platform-top.js, which it loads on a top-level page only);
// - `--mode server`: dist/server.js for Node, with standardwebhooks left as a dependency;
// - `--mode dev`: dist/dev/cli.js, the dev command (see below).
const builds: Record<string, BuildEnvironmentOptions> = {
  production: {
    emptyOutDir: true,
    minify: true,
    lib: {
      entry: {
        sdk: 'src/sdk/index.ts',
        host: 'src/host/index.ts',
        events: 'src/events/index.ts',
        testing: 'src/testing/index.ts',
      },
      formats: ['es'],
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
  server: {
    emptyOutDir: false,
    ssr: true,
    lib: { entry: { server: 'src/server/index.ts' }, formats: ['es'] },
    rollupOptions: { external: ['standardwebhooks', 'openapi-fetch'] },
  },
  // `--mode dev`: dist/dev/cli.js, the package's `platform-widget-sdk dev` command (demo/cli.ts:
  // panel, sample widgets and emulator) for Node. Its runtime libraries stay dependencies;
  // scripts/build-dev.mjs then copies the pages, assets and fixtures beside it.
  dev: {
    emptyOutDir: false,
    outDir: 'dist/dev',
    ssr: true,
    lib: { entry: { cli: 'demo/cli.ts' }, formats: ['es'] },
    rollupOptions: {
      external: [
        /^hono(\/|$)/,
        /^@hono\/node-server(\/|$)/,
        /^@hono\/zod-openapi(\/|$)/,
        /^zod(\/|$)/,
        'jose',
        'standardwebhooks',
        'typescript',
      ],
    },
  },
}

const { version } = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'))

export default defineConfig(({ mode }) => ({
  // One source for the version: package.json (src/version.d.ts declares it for tsc).
  define: {
    __PLATFORM_SDK_VERSION__: JSON.stringify(version),
    __PLATFORM_SCRIPT__: JSON.stringify(mode === 'script'),
  },
  build: { outDir: 'dist', sourcemap: true, ...(builds[mode] ?? builds.production) },
  plugins: mode === 'script' ? [trimPenpal] : [],
  resolve: {
    // Examples import the package by name, as a widget developer would; tests run on the sources.
    alias: {
      'platform-widget-sdk/testing': new URL('src/testing/index.ts', import.meta.url).pathname,
    },
  },
  test: {
    environment: 'happy-dom',
    include: [
      'src/**/*.test.ts',
      'test/**/*.test.ts',
      'examples/**/*.test.ts',
      'demo/**/*.test.ts',
    ],
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'] },
  },
}))
