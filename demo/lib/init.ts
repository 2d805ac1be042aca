// `platform-widget-dev init <dir>`: writes a new widget (a Vite page, a Hono backend, the dev
// config and their tests) from the template the package ships, `templates/widget/`.

import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { ConfigError } from './config-error.js'
import { APP_KEY } from './config-values.js'
import { demoPath } from './paths.js'

export const INIT_USAGE = `Usage: npx platform-widget-dev init <dir> [options]

Writes a new widget into <dir> (a new or empty folder): a Vite page that loads the SDK from the
dev panel, a Hono backend (token exchange, payment verify, webhooks), platform.config.json and
tests. Then: cd <dir> && npm install && npm run dev

Options:
  --app-key KEY   the widget's key (default: the folder's name): letters, digits, . _ -
  --name NAME     what the panel shows (default: the key), 1 to 100 characters
  --help`

/** Files npm would drop or rename when it packs the template, kept under another name. */
const RENAMED: Record<string, string> = { gitignore: '.gitignore' }

export interface InitOptions {
  dir: string
  appKey: string
  name: string
}

/** Reads `init`'s arguments. Throws {@link ConfigError} with a message for the person. */
export function parseInitArgs(argv: string[], cwd = process.cwd()): InitOptions | 'help' {
  const rest = [...argv]
  const given: { dir?: string; appKey?: string; name?: string } = {}
  while (rest.length) {
    const arg = rest.shift()!
    if (arg === '--help' || arg === '-h') return 'help'
    const [flag, inline] = arg.startsWith('--') ? arg.split(/=(.*)/s, 2) : [arg]
    if (flag === '--app-key' || flag === '--name') {
      const value = inline ?? rest.shift()
      if (value === undefined) throw new ConfigError(`${flag} needs a value\n\n${INIT_USAGE}`)
      given[flag === '--app-key' ? 'appKey' : 'name'] = value
    } else if (arg.startsWith('-')) {
      throw new ConfigError(`Unknown option ${arg}\n\n${INIT_USAGE}`)
    } else if (given.dir === undefined) {
      given.dir = arg
    } else {
      throw new ConfigError(`One folder only (got "${given.dir}" and "${arg}")\n\n${INIT_USAGE}`)
    }
  }
  if (given.dir === undefined) throw new ConfigError(`Name a folder\n\n${INIT_USAGE}`)
  const dir = path.resolve(cwd, given.dir)
  const appKey = given.appKey ?? path.basename(dir)
  if (!APP_KEY.test(appKey)) {
    throw new ConfigError(
      `"${appKey}" is not a widget key: use 1 to 64 letters, digits, ".", "_" or "-", starting ` +
        `with a letter or digit${given.appKey ? '' : " (it is the folder's name: pass --app-key KEY)"}`,
    )
  }
  const name = given.name ?? appKey
  if (name.trim().length === 0 || name.length > 100) {
    throw new ConfigError('--name: expected 1 to 100 characters')
  }
  return { dir, appKey, name }
}

/**
 * Writes the template into `options.dir`, which must be missing or empty (nothing is
 * overwritten), with the widget's key and name. Answers the files written, relative to it.
 */
export function writeWidget(options: InitOptions, template = demoPath('templates', 'widget')) {
  if (existsSync(options.dir) && !statSync(options.dir).isDirectory()) {
    throw new ConfigError(`${options.dir} is a file, not a folder. Choose another name.`)
  }
  if (existsSync(options.dir) && readdirSync(options.dir).length > 0) {
    throw new ConfigError(
      `${options.dir} is not empty: init writes into a new or empty folder only, so nothing of ` +
        'yours is overwritten. Choose another folder.',
    )
  }
  cpSync(template, options.dir, { recursive: true, errorOnExist: true, force: false })
  for (const [from, to] of Object.entries(RENAMED)) {
    renameSync(path.join(options.dir, from), path.join(options.dir, to))
  }
  const edit = (file: string, change: (json: Record<string, unknown>) => void) => {
    const full = path.join(options.dir, file)
    const json = JSON.parse(readFileSync(full, 'utf8'))
    change(json)
    writeFileSync(full, `${JSON.stringify(json, null, 2)}\n`)
  }
  // npm names are lower case; the widget's key may not be.
  edit('package.json', (pkg) => {
    pkg.name = options.appKey.toLowerCase()
  })
  edit('platform.config.json', (config) => {
    const [app] = config.apps as Record<string, unknown>[]
    app!.app_key = options.appKey
    app!.name = options.name
  })
  return readdirSync(options.dir, { recursive: true, encoding: 'utf8' }).sort()
}

/** The command: exits 2 on bad arguments or a folder in use, after a message saying why. */
export function runInit(argv: string[]): void {
  let options: InitOptions
  try {
    const parsed = parseInitArgs(argv)
    if (parsed === 'help') {
      console.log(INIT_USAGE)
      return
    }
    options = parsed
    writeWidget(options)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(2)
    }
    throw error
  }
  const where = path.relative(process.cwd(), options.dir) || '.'
  console.log(`Wrote the widget "${options.appKey}" to ${options.dir}

Next:
  cd ${where}
  npm install
  npm run dev     # the panel with your widget: http://127.0.0.1:4400/panel
  npm test        # its tests, against a platform emulator of their own

README.md there says what runs where.`)
}
