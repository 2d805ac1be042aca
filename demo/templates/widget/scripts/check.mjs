// `npm run check` (and the end of `npm test`): your page, served by Vite as `npm run dev` serves
// it, loaded in the dev panel in a headless browser by `platform-widget-dev check`, which reports
// what would break it before a doctor sees it (docs/dev-platform.md in the SDK's repository,
// "Check a widget"). When something already serves the page's port (`npm run dev`), that page is
// checked, and the dev platform running at the config's ports is used. Options go to the
// command: `npm run check -- --json`.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'vite'
import { isFree, portsOf } from './ports.mjs'

const { page } = portsOf(readFileSync('platform.config.json', 'utf8'))
const vite = (await isFree(page)) ? await createServer({ logLevel: 'warn' }) : undefined
await vite?.listen()
const child = spawn('platform-widget-dev', ['check', ...process.argv.slice(2)], {
  stdio: 'inherit',
  shell: process.platform === 'win32', // the .cmd shims of node_modules/.bin
})
const status = await new Promise((resolve) => {
  child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  child.on('error', (error) => {
    console.error(`platform-widget-dev check did not start: ${error.message}`)
    resolve(1)
  })
})
await vite?.close()
// 3: no browser here. npm test goes on without the check (it said why); CI with a browser runs it.
if (status === 3) {
  console.warn(
    'npm run check skipped: no browser to run it (its report above says how to install one)',
  )
  process.exit(0)
}
process.exit(status)
