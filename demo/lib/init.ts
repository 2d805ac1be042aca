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
import { pathToFileURL } from 'node:url'
import { lastValues, readArgs } from './args.js'
import { ConfigError } from './config-error.js'
import { APP_KEY } from './config-values.js'
import { demoPath } from './paths.js'
import { DEFAULT_BASE_PORT } from './ports.js'

export const INIT_USAGE = `Usage: npx platform-widget-dev init <dir> [options]

Writes a new widget into <dir> (a new or empty folder): a Vite page that loads the SDK from the
dev panel, a Hono backend (token exchange, payment verify, webhooks), platform.config.json and
tests. Then: cd <dir> && npm install && npm run dev

Options:
  --app-key KEY   the widget's key (default: the folder's name): letters, digits, . _ -
  --name NAME     what the panel shows (default: the key), 1 to 100 characters
  --port N        the project's first port (default ${DEFAULT_BASE_PORT}): the dev panel at N, the
                    emulator at N+2, the sample widgets at N+1, N+3 and N+4, your page at N+5
                    and your backend at N+6, all in platform.config.json
  --packages DIR  install the three packages from the tarballs in DIR (npm pack's
                    platform-widget-{sdk,server,dev}-VERSION.tgz) instead of the registry
  --help`

/** Files npm would drop or rename when it packs the template, kept under another name. */
const RENAMED: Record<string, string> = { gitignore: '.gitignore' }

export interface InitOptions {
  dir: string
  appKey: string
  name: string
  /** The first of the project's seven ports (default {@link DEFAULT_BASE_PORT}). */
  port?: number
  /** A folder of the three packages' tarballs, absolute. */
  packages?: string
}

/** The packages a widget installs, which `--packages` takes from tarballs. */
export const PACKAGE_NAMES = [
  'platform-widget-sdk',
  'platform-widget-server',
  'platform-widget-dev',
]

/** Reads `init`'s arguments. Throws {@link ConfigError} with a message for the person. */
export function parseInitArgs(argv: string[], cwd = process.cwd()): InitOptions | 'help' {
  const read = readArgs(argv, {
    valued: ['app-key', 'name', 'port', 'packages'],
    positional: true,
    usage: INIT_USAGE,
  })
  if (read.switches.has('help')) return 'help'
  const values = lastValues(read)
  const given = {
    dir: read.positional[0],
    appKey: values['app-key'],
    name: values.name,
    port: values.port,
    packages: values.packages,
  }
  if (read.positional.length > 1) {
    throw new ConfigError(
      `One folder only (got "${read.positional[0]}" and "${read.positional[1]}")\n\n${INIT_USAGE}`,
    )
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
  const options: InitOptions = { dir, appKey, name }
  if (given.port !== undefined) {
    const port = /^[0-9]{1,5}$/.test(given.port) ? Number(given.port) : Number.NaN
    if (!(port >= 1024 && port <= 65529)) {
      throw new ConfigError(
        `--port: expected a port from 1024 to 65529 (the project takes seven from it), got "${given.port}"`,
      )
    }
    options.port = port
  }
  if (given.packages !== undefined) options.packages = path.resolve(cwd, given.packages)
  return options
}

/**
 * The tarball of each package in `dir` (`npm pack`'s `NAME-VERSION.tgz`), by name. Throws a
 * {@link ConfigError} when one is missing or there are two of one package.
 */
export function findTarballs(dir: string): Record<string, string> {
  let files: string[]
  try {
    files = readdirSync(dir)
  } catch {
    throw new ConfigError(`--packages: cannot read the folder ${dir}`)
  }
  return Object.fromEntries(
    PACKAGE_NAMES.map((name) => {
      const found = files.filter((file) => new RegExp(`^${name}-\\d[^/]*\\.tgz$`).test(file))
      if (found.length !== 1) {
        throw new ConfigError(
          found.length
            ? `--packages: ${dir} has ${found.length} tarballs of ${name} (${found.join(', ')}): keep one`
            : `--packages: no ${name}-VERSION.tgz in ${dir} (make them with npm pack in each package)`,
        )
      }
      return [name, path.join(dir, found[0]!)]
    }),
  )
}

/**
 * Writes the template into `options.dir`, which must be missing or empty (nothing is
 * overwritten), with the widget's key, name and ports, and its packages from `options.packages`'
 * tarballs when given. Answers the files written, relative to it.
 */
export async function writeWidget(
  options: InitOptions,
  template = demoPath('templates', 'widget'),
): Promise<string[]> {
  // Checked before anything is written.
  const tarballs = options.packages === undefined ? undefined : findTarballs(options.packages)
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
    if (!tarballs) return
    // Each package from its tarball, everywhere in the tree (the dev package depends on the other
    // two): npm wants a direct dependency's override to be the same spec as the dependency.
    const overrides: Record<string, string> = {}
    for (const [name, tarball] of Object.entries(tarballs)) {
      const spec = `file:${path.relative(options.dir, tarball).split(path.sep).join('/')}`
      const field = (['dependencies', 'devDependencies'] as const).find(
        (f) => (pkg[f] as Record<string, string> | undefined)?.[name] !== undefined,
      )
      if (!field) throw new Error(`the template does not depend on ${name}`)
      ;(pkg[field] as Record<string, string>)[name] = spec
      overrides[name] = spec
    }
    pkg.overrides = overrides
  })
  edit('platform.config.json', (config) => {
    const [app] = config.apps as Record<string, unknown>[]
    app!.app_key = options.appKey
    app!.name = options.name
  })
  // The ports, moved by the template's own script: `npm run dev -- --port N` moves them the same way.
  const ports = await import(pathToFileURL(path.join(options.dir, 'scripts', 'ports.mjs')).href)
  const config = path.join(options.dir, 'platform.config.json')
  const base = options.port ?? DEFAULT_BASE_PORT
  writeFileSync(config, ports.movePorts(readFileSync(config, 'utf8'), base))
  // The README's addresses are the template's (4400 and up): they name this project's ports.
  const readme = path.join(options.dir, 'README.md')
  writeFileSync(readme, readmeAt(readFileSync(readme, 'utf8'), base))
  nameTitles(options.dir, options.name)
  return readdirSync(options.dir, { recursive: true, encoding: 'utf8' }).sort()
}

/** The template's title, in its README, its page's `<title>` and its widget's `<h1>`. */
const TEMPLATE_TITLE = 'My widget'

/**
 * Writes `name` where the template says {@link TEMPLATE_TITLE}: the README's first heading as
 * it is, the HTML ones escaped (the `<h1>` sits in a template literal, so `` ` ``, `$` and `\`
 * too, as character references the page decodes).
 */
function nameTitles(dir: string, name: string) {
  const html = name.replace(/[&<>"'`$\\]/g, (c) => `&#${c.charCodeAt(0)};`)
  const swap = (file: string, from: string, to: string) => {
    const full = path.join(dir, file)
    const text = readFileSync(full, 'utf8')
    if (!text.includes(from)) throw new Error(`the template's ${file} has no ${from}`)
    writeFileSync(
      full,
      text.replace(from, () => to),
    )
  }
  swap('README.md', `# ${TEMPLATE_TITLE}\n`, `# ${name}\n`)
  swap('index.html', `<title>${TEMPLATE_TITLE}</title>`, `<title>${html}</title>`)
  swap(path.join('src', 'widget.ts'), `<h1>${TEMPLATE_TITLE}</h1>`, `<h1>${html}</h1>`)
}

/**
 * The template README's text with its ports (the template's, {@link DEFAULT_BASE_PORT} and the six
 * after it) moved to `base` and up, as init moves the config's.
 */
export function readmeAt(text: string, base: number): string {
  return text.replace(
    /(127\.0\.0\.1:|localhost:|\()(440[0-6])\b/g,
    (_, before, port) => `${before}${Number(port) - DEFAULT_BASE_PORT + base}`,
  )
}

/** The command: exits 2 on bad arguments or a folder in use, after a message saying why. */
export async function runInit(argv: string[]): Promise<void> {
  let options: InitOptions
  try {
    const parsed = parseInitArgs(argv)
    if (parsed === 'help') {
      console.log(INIT_USAGE)
      return
    }
    options = parsed
    await writeWidget(options)
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
  npm run dev     # the panel with your widget: http://127.0.0.1:${options.port ?? DEFAULT_BASE_PORT}/panel
  npm test        # its tests, against a platform emulator of their own

Its ports are ${options.port ?? DEFAULT_BASE_PORT} to ${(options.port ?? DEFAULT_BASE_PORT) + 6}, all in platform.config.json (npm run dev -- --port N moves them).${
    options.packages ? `\nIts packages install from the tarballs in ${options.packages}.` : ''
  }

README.md there says what runs where.`)
}
