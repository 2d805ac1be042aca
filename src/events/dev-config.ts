// The dev config file (`platform.config.json`, `platform-widget-dev dev --config FILE`) has one
// schema for its two readers: the dev command and the test kit (`createTestHost({ config })`),
// this module (keys, scopes, defaults) and dev-config-app.ts (values). It lives here,
// dependency-free, because the dev package
// imports this entry at run time and the test kit bundles it: zod in the SDK would be bundled into
// `testing.js` and its types would leak into the published `.d.ts`. This module says which keys
// exist at every level, which scopes are misspelt, and what a widget gets for what it leaves out.
import type { HostContext } from './protocol.js'
import { isScopeName, SCOPES, type Scope } from './scopes.js'

/** The keys each object of the dev config may have (keys starting with `$` are comments). */
export const DEV_CONFIG_KEYS = {
  file: ['ports', 'apps', 'allowedHosts', 'panelOrigins', 'productionPanelOrigins'],
  ports: ['panel', 'widgets', 'emulator'],
  app: [
    'app_key',
    'url',
    'name',
    'app_id',
    'developer_key',
    'webhook_url',
    'webhook_secret',
    'contexts',
    'scopes',
    'products',
    'plans',
    'pages',
    'topLevelPages',
  ],
  product: ['key', 'title', 'price'],
  plan: ['key', 'title', 'price', 'period'],
  page: ['key', 'embed_src', 'parameters', 'name', 'protected', 'layout'],
} as const

/**
 * What the dev platform gives a widget whose config entry leaves them out: the doctor panel, every
 * documented scope, a `pro` product and a `monthly` plan.
 */
export const DEV_APP_DEFAULTS: {
  readonly contexts: readonly HostContext[]
  readonly scopes: readonly Scope[]
  readonly products: readonly DevPriced[]
  readonly plans: readonly (DevPriced & { period: 'week' | 'month' | 'year' })[]
} = {
  contexts: ['doctor-panel'],
  scopes: SCOPES,
  products: [{ key: 'pro', title: { fa: 'نسخهٔ حرفه‌ای', en: 'Pro' }, price: 1_000_000 }],
  plans: [
    { key: 'monthly', title: { fa: 'ماهانه', en: 'Monthly' }, price: 300_000, period: 'month' },
  ],
}

/** A default product or plan: its key, its title in both languages, its price in Rials. */
export interface DevPriced {
  key: string
  title: { fa: string; en: string }
  price: number
}

/** One thing wrong (or doubtful) in a dev config: where (`apps[0].scope`) and what. */
export interface DevConfigProblem {
  path: string
  message: string
}

/** Edits (insert, delete, substitute, swap two neighbours) from `a` to `b`. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[i - 2]![j - 2]! + 1)
      }
      d[i]![j] = best
    }
  }
  return d[a.length]![b.length]!
}

/**
 * The known word nearest `word`, when it is a likely slip: at most two edits away (one for words
 * of four letters or fewer), or the same but for case, `-` and `_`.
 *
 * @example
 * didYouMean('scope', ['scopes', 'plans']) // 'scopes'
 */
export function didYouMean(word: string, known: readonly string[]): string | undefined {
  const fold = (w: string) => w.toLowerCase().replace(/[-_]/g, '')
  const same = known.find((k) => fold(k) === fold(word))
  if (same) return same
  const limit = word.length <= 4 ? 1 : 2
  let best: { word: string; edits: number } | undefined
  for (const candidate of known) {
    const edits = distance(word, candidate)
    if (edits <= limit && (!best || edits < best.edits)) best = { word: candidate, edits }
  }
  return best?.word
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** The unknown keys of `value` (an object), each with a "did you mean". */
function unknownKeys(value: unknown, known: readonly string[], at: string): DevConfigProblem[] {
  if (!isRecord(value)) return []
  return Object.keys(value)
    .filter((key) => !key.startsWith('$') && !known.includes(key))
    .map((key) => {
      const hint = didYouMean(key, known)
      return {
        path: `${at}${at ? '.' : ''}${key}`,
        message: hint
          ? `unknown key "${key}"; did you mean "${hint}"?`
          : `unknown key "${key}" (known: ${known.join(', ')})`,
      }
    })
}

const eachOf = (value: unknown, check: (item: unknown, i: number) => DevConfigProblem[]) =>
  Array.isArray(value) ? value.flatMap(check) : []

/**
 * A scope the dev platform does not know: an error when it is a slip of a known one
 * (`provider.appointments.read`), a warning otherwise (the platform decides which scopes exist).
 * A malformed name is an error (with a suggestion when it is near a known one).
 */
function scopeProblems(scopes: unknown, at: string) {
  const errors: DevConfigProblem[] = []
  const warnings: DevConfigProblem[] = []
  eachOf(scopes, (scope, i) => {
    if (typeof scope !== 'string' || (SCOPES as readonly string[]).includes(scope)) return []
    const path = `${at}.scopes[${i}]`
    const hint = didYouMean(scope, SCOPES)
    const suggest = hint ? `; did you mean "${hint}"?` : ''
    // The value checks name a malformed one too: the same words here, with a suggestion.
    if (!isScopeName(scope)) {
      errors.push({
        path,
        message: `${JSON.stringify(scope)} is not a scope name (dotted lowercase words)${suggest}`,
      })
    } else if (hint) errors.push({ path, message: `unknown scope "${scope}"${suggest}` })
    else
      warnings.push({
        path,
        message: `"${scope}" is not a scope the dev platform knows; it is granted as given (the platform decides which scopes exist)`,
      })
    return []
  })
  return { errors, warnings }
}

/**
 * The mistakes of a dev config's shape: unknown keys at any level and misspelt scopes (errors, each
 * with a "did you mean" where one is near), and scopes the dev platform does not know (warnings).
 * Values are checked by their readers. Paths read like `apps[0].scope`.
 *
 * @example
 * const { errors } = devConfigProblems({ apps: [{ app_key: 'w', scope: [] }] })
 * // [{ path: 'apps[0].scope', message: 'unknown key "scope"; did you mean "scopes"?' }]
 */
export function devConfigProblems(config: unknown): {
  errors: DevConfigProblem[]
  warnings: DevConfigProblem[]
} {
  const K = DEV_CONFIG_KEYS
  const errors = unknownKeys(config, K.file, '')
  const warnings: DevConfigProblem[] = []
  if (!isRecord(config)) return { errors, warnings }
  errors.push(...unknownKeys(config.ports, K.ports, 'ports'))
  eachOf(config.apps, (app, i) => {
    const at = `apps[${i}]`
    errors.push(...unknownKeys(app, K.app, at))
    if (!isRecord(app)) return []
    for (const [field, known] of [
      ['products', K.product],
      ['plans', K.plan],
      ['pages', K.page],
    ] as const) {
      eachOf(app[field], (item, j) => {
        errors.push(...unknownKeys(item, known, `${at}.${field}[${j}]`))
        return []
      })
    }
    const scopes = scopeProblems(app.scopes, at)
    errors.push(...scopes.errors)
    warnings.push(...scopes.warnings)
    return []
  })
  return { errors, warnings }
}
