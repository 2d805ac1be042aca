// The import rules of DEVELOPERS.md are Biome's `noRestrictedImports`, per folder, in biome.json's
// `overrides`, so `npm run lint` enforces them. This runs Biome with that configuration on a tree
// of small files made here, one import each, and checks which it refuses.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '..')

interface Case {
  /** Where the importing file is. */
  file: string
  source: string
  /** The start of the rule's message, or null when the import is allowed. */
  refused: string | null
}

const cases: Case[] = [
  // src/events is the contract: nothing else from src.
  {
    file: 'src/events/a.ts',
    source: "import { x } from '../transport/window.js'",
    refused: 'src/events',
  },
  {
    file: 'src/events/b.ts',
    source: "import type { x } from '../sdk/index.js'",
    refused: 'src/events',
  },
  {
    file: 'src/events/c.ts',
    source: "export { x } from '../../src/host/index.js'",
    refused: 'src/events',
  },
  {
    file: 'src/events/d.ts',
    source: "import { x } from 'platform-widget-sdk/host'",
    refused: 'Import the sources',
  },
  { file: 'src/events/e.ts', source: "import { x } from './errors.js'", refused: null },
  // src/sdk and src/host never import each other, nor the test seams.
  {
    file: 'src/sdk/a.ts',
    source: "import { x } from '../host/index.js'",
    refused: 'src/sdk never',
  },
  {
    file: 'src/sdk/b.ts',
    source: "import type { x } from '../host/types.js'",
    refused: 'src/sdk never',
  },
  {
    file: 'src/sdk/c.ts',
    source: "const m = await import('../host/host.js')",
    refused: 'src/sdk never',
  },
  { file: 'src/sdk/d.ts', source: "export * from '../testing/index.js'", refused: 'Test seams' },
  { file: 'src/sdk/e.ts', source: "import { x } from '../events/wire.js'", refused: null },
  { file: 'src/sdk/f.ts', source: "import { x } from '../transport/window.js'", refused: null },
  {
    file: 'src/host/a.ts',
    source: "import { x } from '../sdk/platform.js'",
    refused: 'src/host never',
  },
  {
    file: 'src/host/b.ts',
    source: "import { x } from '../testing/memory-backend.js'",
    refused: 'Test seams',
  },
  {
    file: 'src/host/c.ts',
    source: "import { x } from 'platform-widget-sdk'",
    refused: 'Import the sources',
  },
  { file: 'src/host/d.ts', source: "import { x } from '../events/index.js'", refused: null },
  // The host's rooms (operations/, dialog/) are held by the same rules, one folder deeper.
  {
    file: 'src/host/dialog/f.ts',
    source: "import { x } from '../../sdk/platform.js'",
    refused: 'src/host never',
  },
  {
    file: 'src/host/operations/g.ts',
    source: "import { x } from '../../testing/memory-backend.js'",
    refused: 'Test seams',
  },
  {
    file: 'src/host/operations/h.ts',
    source: "import { x } from '../dialog/dialog.js'",
    refused: null,
  },
  // A test beside a module may use the test seams.
  {
    file: 'src/host/e.test.ts',
    source: "import { x } from '../testing/memory-backend.js'",
    refused: null,
  },
  // src/transport: nothing from src, and of packages only penpal.
  {
    file: 'src/transport/a.ts',
    source: "import { x } from '../events/errors.js'",
    refused: 'src/transport',
  },
  {
    file: 'src/transport/b.ts',
    source: "import { x } from 'nanoevents'",
    refused: 'src/transport',
  },
  { file: 'src/transport/c.ts', source: "import type { x } from 'penpal'", refused: null },
  { file: 'src/transport/d.ts', source: "import { x } from './window.js'", refused: null },
]

let dir: string
/** Biome's message for each file it refused, by path. */
const refusals = new Map<string, string>()

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'import-rules-'))
  const { $schema: _, ...config } = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'))
  writeFileSync(join(dir, 'biome.json'), JSON.stringify(config))
  for (const { file, source } of cases) {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    writeFileSync(join(dir, file), `${source}\nexport const used = typeof x\n`)
  }
  let output: string
  try {
    output = execFileSync(
      join(root, 'node_modules', '.bin', 'biome'),
      [
        'lint',
        '--reporter=github',
        '--max-diagnostics=none',
        '--only=style/noRestrictedImports',
        '.',
      ],
      { cwd: dir, encoding: 'utf8', stdio: 'pipe' },
    )
  } catch (error) {
    output = (error as { stdout: string }).stdout
  }
  for (const match of output.matchAll(
    /^::error title=lint\/style\/noRestrictedImports,file=([^,]+),.*?::(.*)$/gm,
  )) {
    refusals.set(match[1]!.slice(dir.length + 1), match[2]!)
  }
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('import rules (biome.json overrides)', () => {
  it.each(cases)('$file: $source', ({ file, refused }) => {
    if (refused === null) expect(refusals.get(file)).toBeUndefined()
    else expect(refusals.get(file)).toMatch(new RegExp(`^${refused}`))
  })
})
