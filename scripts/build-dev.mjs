// After `vite build --mode dev`: makes demo/dist/ (the `platform-widget-dev` package's files) a
// demo that runs with no source tree and no dev dependency. Copies the panel's pages and assets,
// the sample widgets, the fixtures and the `init` template beside cli.js, transpiles the panel's
// page scripts (TypeScript at dev time) to JavaScript, writes emulator.d.ts (the `./emulator`
// entry's types, from demo/start-emulator.ts alone: its public types are its own), and makes
// cli.js an executable with a node shebang (the package's `bin`). The SDK's own files come from its package, a dependency (demo/lib/paths.ts).
import { chmodSync, cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const out = 'demo/dist'
const copies = [
  ['demo/panel/pages', 'panel/pages'],
  ['demo/panel/assets', 'panel/assets'],
  ['demo/widgets/public', 'widgets/public'],
  ['demo/emulator/fixtures.json', 'emulator/fixtures.json'],
  ['demo/config.example.json', 'config.example.json'],
  ['demo/templates', 'templates'],
]
for (const [from, to] of copies) cpSync(from, path.join(out, to), { recursive: true })

mkdirSync(path.join(out, 'panel/app'), { recursive: true })
for (const file of readdirSync('demo/panel/app').filter(
  (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
)) {
  const { outputText } = ts.transpileModule(
    readFileSync(path.join('demo/panel/app', file), 'utf8'),
    {
      fileName: file,
      compilerOptions: {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        verbatimModuleSyntax: true,
      },
    },
  )
  writeFileSync(path.join(out, 'panel/app', file.replace(/\.ts$/, '.js')), outputText)
}

// Each entry's public types are its own file's, so each .d.ts is that file's declarations.
for (const [source, types] of [
  ['demo/start-emulator.ts', 'emulator.d.ts'],
  ['demo/playwright/index.ts', 'playwright.d.ts'],
  ['demo/backend.ts', 'backend.d.ts'],
]) {
  const entry = ts.transpileDeclaration(readFileSync(source, 'utf8'), {
    fileName: path.basename(source),
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  })
  if (entry.diagnostics?.length) throw new Error(`${source}: its types do not stand alone`)
  writeFileSync(path.join(out, types), entry.outputText)
}

const cli = path.join(out, 'cli.js')
const code = readFileSync(cli, 'utf8')
if (!code.startsWith('#!')) writeFileSync(cli, `#!/usr/bin/env node\n${code}`)
chmodSync(cli, 0o755)
console.log(`demo/dist: cli.js and the demo's files, ready for \`platform-widget-dev dev\``)
