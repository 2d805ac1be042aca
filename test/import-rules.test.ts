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
  // Nor the wire, nor the files that once re-exported the operations' validators or held the table.
  {
    file: 'src/events/index.ts',
    source: "export { x } from '../operations/pay/validate.js'",
    refused: 'src/events',
  },
  {
    file: 'src/events/wire.ts',
    source: "export { x } from '../operations/initialize/validate.js'",
    refused: 'src/events',
  },
  {
    file: 'src/events/f.ts',
    source: "import { x } from '../operations/pay/contract.js'",
    refused: 'src/events',
  },
  // The operations' table and the ./events entry: src/events and the operations' folders, never
  // a handler, nor the host or the SDK.
  {
    file: 'src/operations/index.ts',
    source: "import { x } from './pay/contract.js'",
    refused: null,
  },
  {
    file: 'src/operations/index.ts',
    source: "import type { x } from '../events/operation.js'",
    refused: null,
  },
  {
    file: 'src/operations/events.ts',
    source: "export { x } from './pay/validate.js'",
    refused: null,
  },
  {
    file: 'src/operations/events.ts',
    source: "export * from '../events/index.js'",
    refused: null,
  },
  {
    file: 'src/operations/index.ts',
    source: "import { x } from './pay/handler.js'",
    refused: 'The table and the ./events entry never',
  },
  {
    file: 'src/operations/index.ts',
    source: "import { x } from '../host/handlers.js'",
    refused: "The operations' table",
  },
  {
    file: 'src/operations/events.ts',
    source: "export { x } from '../sdk/platform.js'",
    refused: "The operations' table",
  },
  // An operation's folder is held to src/events' rules: src/events and itself, nothing more.
  {
    file: 'src/operations/pay/contract.ts',
    source: "import { x } from '../../events/operation.js'",
    refused: null,
  },
  { file: 'src/operations/pay/a.ts', source: "import { x } from './validate.js'", refused: null },
  {
    file: 'src/operations/pay/b.ts',
    source: "import { x } from '../../host/types.js'",
    refused: 'src/operations',
  },
  {
    file: 'src/operations/pay/c.ts',
    source: "import { x } from '../../sdk/platform.js'",
    refused: 'src/operations',
  },
  {
    file: 'src/operations/pay/d.ts',
    source: "import { x } from '../../transport/window.js'",
    refused: 'src/operations',
  },
  {
    file: 'src/operations/pay/e.ts',
    source: "import { x } from '../../testing/index.js'",
    refused: 'src/operations',
  },
  {
    file: 'src/operations/pay/f.ts',
    source: "import { x } from '../subscribe/validate.js'",
    refused: 'src/operations',
  },
  {
    file: 'src/operations/pay/g.ts',
    source: "import { x } from 'platform-widget-sdk/events'",
    refused: 'src/operations',
  },
  {
    file: 'src/operations/pay/contract.test.ts',
    source: "import { x } from '../../host/index.js'",
    refused: 'src/operations',
  },
  {
    file: 'src/operations/pay/h.test.ts',
    source: "import { x } from 'vitest'",
    refused: null,
  },
  // Nor does its contract import its host handler, which the SDK's side must not reach.
  {
    file: 'src/operations/pay/contract.ts',
    source: "import { x } from './handler.js'",
    refused: 'An operation',
  },
  {
    file: 'src/operations/pay/contract.test.ts',
    source: "import { x } from './handler.js'",
    refused: 'An operation',
  },
  // Its handler is the host's: the host kit, src/events, src/transport and its own folder; never
  // the host that runs it, which imports the handlers.
  {
    file: 'src/operations/pay/handler.ts',
    source: "import { x } from '../../host-kit/ask.js'",
    refused: null,
  },
  {
    file: 'src/operations/pay/handler.ts',
    source: "import type { x } from '../../host/types.js'",
    refused: "An operation's handler",
  },
  {
    file: 'src/operations/pay/handler.ts',
    source: "import { x } from '../../events/index.js'",
    refused: null,
  },
  {
    file: 'src/operations/pay/handler.ts',
    source: "import { x } from '../../transport/deadlines.js'",
    refused: null,
  },
  {
    file: 'src/operations/pay/handler.ts',
    source: "import { x } from './validate.js'",
    refused: null,
  },
  {
    file: 'src/operations/pay/handler.ts',
    source: "import { x } from '../../sdk/platform.js'",
    refused: "An operation's handler",
  },
  {
    file: 'src/operations/pay/handler.ts',
    source: "import { x } from '../../testing/memory-backend.js'",
    refused: "An operation's handler",
  },
  {
    file: 'src/operations/pay/handler.ts',
    source: "import { x } from '../subscribe/handler.js'",
    refused: "An operation's handler",
  },
  {
    file: 'src/operations/pay/handler.ts',
    source: "import { x } from 'platform-widget-sdk/host'",
    refused: "An operation's handler",
  },
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
  // The host's rooms are held by the same rules, one folder deeper.
  {
    file: 'src/host/dialog/f.ts',
    source: "import { x } from '../../sdk/platform.js'",
    refused: 'src/host never',
  },
  {
    file: 'src/host/dialog/g.ts',
    source: "import { x } from '../../testing/memory-backend.js'",
    refused: 'Test seams',
  },
  // The host kit is under the handlers: src/events and src/transport, never what builds on it.
  {
    file: 'src/host-kit/a.ts',
    source: "import { x } from '../host/session.js'",
    refused: 'src/host-kit',
  },
  {
    file: 'src/host-kit/dialog/b.ts',
    source: "import type { x } from '../../operations/index.js'",
    refused: 'src/host-kit',
  },
  {
    file: 'src/host-kit/c.ts',
    source: "import { x } from '../sdk/platform.js'",
    refused: 'src/host-kit',
  },
  {
    file: 'src/host-kit/d.ts',
    source: "import { x } from '../testing/memory-backend.js'",
    refused: 'Test seams',
  },
  { file: 'src/host-kit/e.ts', source: "import { x } from '../events/index.js'", refused: null },
  {
    file: 'src/host-kit/dialog/f.ts',
    source: "import { x } from '../../transport/deadlines.js'",
    refused: null,
  },
  { file: 'src/host-kit/dialog/g.ts', source: "import { x } from '../names.js'", refused: null },
  {
    file: 'src/sdk/g.ts',
    source: "import { x } from '../host-kit/dialog/dom.js'",
    refused: 'src/sdk never',
  },
  // The generated handler registry imports each folder's handler.
  {
    file: 'src/host/handlers.ts',
    source: "import { x } from '../operations/pay/handler.js'",
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
/** Biome's message for each import it refused, by `path:line`. */
const refusals = new Map<string, string>()
/** Where each case's import is, as `path:line`: cases of one file get a line each. */
const lineOf = new Map<Case, string>()

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'import-rules-'))
  const { $schema: _, ...config } = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'))
  writeFileSync(join(dir, 'biome.json'), JSON.stringify(config))
  const texts = new Map<string, string[]>()
  cases.forEach((c, i) => {
    const lines = texts.get(c.file) ?? []
    // Each case binds a name of its own, so several fit in one file.
    lines.push(`${c.source.replace(/\bx\b/, `x${i}`)}; export const used${i} = typeof x${i}`)
    texts.set(c.file, lines)
    lineOf.set(c, `${c.file}:${lines.length}`)
  })
  for (const [file, lines] of texts) {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    writeFileSync(join(dir, file), `${lines.join('\n')}\n`)
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
    /^::error title=lint\/style\/noRestrictedImports,file=([^,]+),line=(\d+),.*?::(.*)$/gm,
  )) {
    refusals.set(`${match[1]!.slice(dir.length + 1)}:${match[2]}`, match[3]!)
  }
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('import rules (biome.json overrides)', () => {
  it.each(cases)('$file: $source', (c) => {
    const refusal = refusals.get(lineOf.get(c)!)
    if (c.refused === null) expect(refusal).toBeUndefined()
    else expect(refusal).toMatch(new RegExp(`^${c.refused}`))
  })
})
