import { availableParallelism } from 'node:os'
import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

// The unit tests, in two Vitest projects instead of a `// @vitest-environment` line per file:
// `node` for the emulator, the dev command, the server kit and the checks of the repository's own
// tooling; `dom` (happy-dom) for the SDK, the host, the contract, the panel's app and the rest.
// They build on vite.config.ts (its aliases from the packages' names to the sources, its
// `define`s). `npm run test:unit` runs both; `npx vitest run --project node` one. The type tests
// (`*.test-d.ts`) are `npm run typecheck`'s: tsc fails on a broken `expectTypeOf`, so Vitest does
// not type-check the project a second time.

/** Tests in test/ and src/ that check the repository's tooling or Node-only code. */
const NODE_FILES = [
  'src/sdk/version.test.ts',
  'test/api-report.test.ts',
  'test/bench-ab.test.ts',
  'test/benchmarks.test.ts',
  'test/control-types.test.ts',
  'test/import-rules.test.ts',
  'test/issue-refs.test.ts',
  'test/openapi-table.test.ts',
  'test/platform-types.test.ts',
  'test/structure.test.ts',
]
const NODE = ['demo/**/*.test.ts', 'server/src/**/*.test.ts', ...NODE_FILES]
/**
 * The panel's browser app, in the dev package: a page, so happy-dom. Its backend.test.ts calls the
 * emulator's routes over HTTP, which needs Node's own fetch: it keeps a line of its own,
 * `// @vitest-environment node`, the one file that does.
 */
const PANEL_APP = 'demo/panel/app/**/*.test.ts'
const DOM = ['src/**/*.test.ts', 'test/**/*.test.ts', 'examples/**/*.test.ts', PANEL_APP]
// demo/templates: a new widget's own tests, run in its folder (scripts/package-init.mjs).
const EXCLUDE = ['**/node_modules/**', '**/dist/**', 'demo/templates/**']

export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    test: {
      // Vitest's default is one worker fewer than the cores, a single worker on CI's two: the
      // run then waits on servers and timers with a core idle.
      maxWorkers: availableParallelism(),
      projects: [
        {
          extends: true,
          test: {
            name: 'node',
            environment: 'node',
            include: NODE,
            exclude: [...EXCLUDE, PANEL_APP],
          },
        },
        {
          extends: true,
          test: {
            name: 'dom',
            environment: 'happy-dom',
            // One module graph and one happy-dom window per worker, not per file: about half the
            // project's time. A file must then leave no state behind (timers, fake or spied
            // globals, DOM nodes, live SDKs or hosts); three shuffled seeds
            // (`--sequence.shuffle --sequence.seed=N`) are the check.
            isolate: false,
            include: DOM,
            exclude: [...EXCLUDE, ...NODE_FILES],
          },
        },
      ],
    },
  }),
)
