// The API report's own check (scripts/api-report.ts), on a small package made here: it passes on
// the reports it wrote, and fails when an entry exports something new, drops something, changes a
// signature, or has no report. `npm run test:api` runs the same check on the built package.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { checkApi, diffLines, entriesOf } from '../scripts/api-report.js'

let root: string

const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true })
  writeFileSync(join(root, path), text)
}

const INDEX = `export declare function greet(name: string): string;
export interface Options { loud?: boolean }
export { Shout } from './shout.js';
`

const CODE = 'export function greet(name) {\n  return name\n}\n'

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'api-report-'))
  write(
    'package.json',
    JSON.stringify({
      name: 'fake',
      exports: {
        '.': { types: './dist/index.d.ts', default: './dist/index.js' },
        './global': { types: './dist/global.d.ts' },
        './global.js': { types: './dist/global.d.ts', default: './dist/global.js' },
        './package.json': './package.json',
      },
    }),
  )
  write('dist/index.d.ts', INDEX)
  write('dist/index.js', CODE)
  write('dist/shout.d.ts', 'export type Shout = Uppercase<string>;\n')
  write(
    'dist/global.d.ts',
    "import type { Options } from './index.js';\ndeclare global { interface Window { fake: Options } }\n",
  )
  expect(checkApi(root, { update: true }).ok).toBe(true)
  // The first parses TypeScript's lib.dom.d.ts: seconds on a busy machine.
}, 60_000)

afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('the API report', () => {
  it('lists one report per types file, and none for ./package.json', () => {
    expect(entriesOf(root)).toEqual([
      {
        keys: ['.'],
        types: 'dist/index.d.ts',
        report: 'fake.api.md',
        code: [{ key: '.', file: 'dist/index.js' }],
      },
      {
        keys: ['./global', './global.js'],
        types: 'dist/global.d.ts',
        report: 'global.api.md',
        code: [{ key: './global.js', file: 'dist/global.js' }],
      },
    ])
  })

  it('passes on the reports it wrote', () => {
    expect(checkApi(root)).toEqual({ ok: true, problems: [], diffs: [] })
  })

  it.each([
    {
      change: 'an export added',
      index: `${INDEX}export declare const VERSION: string;\n`,
      problem: '.: exports VERSION, new',
      diff: '+ const VERSION: string;',
    },
    {
      change: 'an export dropped',
      index: INDEX.replace("export { Shout } from './shout.js';\n", ''),
      problem: '.: dropped Shout',
      diff: '- type Shout = Uppercase<string>;',
    },
    {
      change: 'a signature changed',
      index: INDEX.replace('name: string', 'name?: string'),
      problem: '.: the build differs from api/fake.api.md',
      diff: '+ function greet(name?: string): string;',
    },
    {
      change: 'a type reached through an export changed',
      global:
        'import type { Options } from "./index.js";\ndeclare global { interface Window { fake?: Options } }\n',
      problem: './global, ./global.js: the build differs from api/global.api.md',
      diff: '+         fake?: Options;',
    },
    {
      change: 'a type reached from an export that no entry publishes',
      index: `${INDEX}interface Secret { a: 1 }\nexport declare function leak(): Secret;\n`,
      problem: '.: exports leak, new',
      diff: '+ // not exported: Secret: interface (published by no entry)',
    },
    {
      change: 'a run-time export the types do not have',
      code: `${CODE}export const secret = 1\n`,
      problem: '. secret: new at run time',
      diff: '+   - not in the types: secret',
    },
  ])('fails on $change', ({ index, global, code, problem, diff }) => {
    if (index) write('dist/index.d.ts', index)
    if (global) write('dist/global.d.ts', global)
    if (code) write('dist/index.js', code)
    const result = checkApi(root)
    expect(result.ok).toBe(false)
    expect(result.problems).toContain(problem)
    expect(result.diffs.map((line) => line.trim())).toContain(diff)
    // ...and `npm run api:update` makes it pass again.
    checkApi(root, { update: true })
    expect(checkApi(root).ok).toBe(true)
  })

  it('fails on an entry with no report, and on a report with no entry', () => {
    rmSync(join(root, 'api', 'global.api.md'))
    write('api/old.api.md', '# API report: `./old`\n')
    expect(checkApi(root).problems).toEqual([
      './global, ./global.js: no report api/global.api.md',
      'api/old.api.md: a report for no published entry',
    ])
  })
})

describe('a package beside another', () => {
  it('keeps its reports where it is told, and names the other package a type comes from', () => {
    write('other/package.json', JSON.stringify({ name: 'other', types: './index.d.ts' }))
    write('other/index.d.ts', 'export interface Remote { id: string }\n')
    mkdirSync(join(root, 'node_modules'))
    symlinkSync(join(root, 'other'), join(root, 'node_modules', 'other'))
    write('dist/index.d.ts', `${INDEX}export declare function remote(): import('other').Remote;\n`)
    const reports = join(root, 'reports', 'fake')
    expect(checkApi(root, { update: true, reports, label: 'reports/fake' }).ok).toBe(true)
    expect(readFileSync(join(reports, 'fake.api.md'), 'utf8')).toContain('- `other`: Remote')
    write('dist/index.d.ts', INDEX)
    expect(checkApi(root, { reports, label: 'reports/fake' }).problems).toContain(
      '.: the build differs from reports/fake/fake.api.md',
    )
  })
})

describe('diffLines', () => {
  it('keeps common lines and marks the others', () => {
    expect(diffLines('a\nb\nc', 'a\nc\nd')).toEqual(['- b', '+ d'])
  })
})
