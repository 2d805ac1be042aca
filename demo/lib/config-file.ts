import { readFileSync } from 'node:fs'
import {
  CONTEXTS,
  devConfigProblems,
  type HostContext,
  isScopeName,
  type ScopeName,
} from 'platform-widget-sdk/events'
import { z } from 'zod'
import type { Localized, PageConfig, PlanConfig, ProductConfig } from '../emulator/types.js'
import { isLocalWebhookUrl, isWebhookSecret } from '../emulator/webhooks.js'
import { ConfigError } from './config-error.js'
import { APP_KEY, hostProblem, parseHttpUrl } from './config-values.js'
import { isHostNameOption } from './guard.js'
import { type ConfigApp, quickApp } from './quick-app.js'

// The messages are the ones the hand-written checks gave (tests and docs quote them). Each
// object's keys are checked in the order of its shape, and the first issue is the one reported,
// so the order of the keys below is the order in which a file's mistakes are named.

/** Anything that is not an object reads as `{}`: its fields are then reported missing. */
const fields = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {}

const LOCALIZED = 'expected a text or { "fa": ..., "en": ... }'
const localized = z.union(
  [z.string().min(1, { error: LOCALIZED }), z.looseObject({ fa: z.string(), en: z.string() })],
  { error: LOCALIZED },
)

// `.optional()` first: zod takes a missing key for an error before any transform runs.
const httpUrl = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    const url = parseHttpUrl(value)
    if ('href' in url) return url.href
    ctx.addIssue({ code: 'custom', message: url.problem })
    return z.NEVER
  })

const wholeRials = z
  .number({ error: 'expected whole Rials' })
  .refine((n) => Number.isSafeInteger(n) && n >= 1, { error: 'expected whole Rials' })

const pricedShape = {
  key: z.string({ error: 'expected a text' }).min(1, { error: 'expected a text' }),
  price: wholeRials,
  /** The key when absent. */
  title: z.unknown().optional(),
}

/** The title checked last, as the key's fallback. */
function titled(
  { key, title, price }: { key: string; title?: unknown; price: number },
  ctx: z.RefinementCtx,
): ProductConfig {
  const text = localized.safeParse(title ?? key)
  if (text.success) return { key, title: text.data as Localized, price }
  ctx.addIssue({ code: 'custom', path: ['title'], message: text.error.issues[0]!.message })
  return z.NEVER
}

const product = z.preprocess(fields, z.object(pricedShape).transform(titled))

// A plan's period is checked before the rest of it, and is a month when absent.
const plan = z.preprocess(
  fields,
  z
    .object({
      period: z.preprocess(
        (period) => period ?? 'month',
        z.enum(['week', 'month', 'year'], { error: 'expected week, month or year' }),
      ),
      ...pricedShape,
    })
    .transform((item, ctx): PlanConfig => ({ ...titled(item, ctx), period: item.period })),
)

/**
 * A widget's page (the host's `WidgetPage`): a key, an `embed_src` on the widget's origin (checked
 * in {@link appFromConfig}, which knows the origin) with a `{{name}}` for each of `parameters`.
 */
const page = z.preprocess(
  fields,
  z.object({
    key: z
      .string({ error: 'expected a key like "launcher" (letters, digits, . _ -)' })
      .regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}$/, {
        error: 'expected a key like "launcher" (letters, digits, . _ -)',
      }),
    embed_src: z.string({ error: 'expected a URL' }),
    parameters: z
      .array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/), {
        error: 'expected names like "id" (letters, digits, _)',
      })
      .optional(),
    name: localized.optional(),
    protected: z.boolean({ error: 'expected true or false' }).optional(),
    layout: z
      .object({
        header: z.boolean().optional(),
        footer: z.boolean().optional(),
        bottomNavigation: z.boolean().optional(),
        appBar: z.boolean().optional(),
      })
      .optional(),
  }),
)

/** `pages[i].embed_src`'s problem for a widget at `origin`, if any. */
function pageProblem(embed_src: string, parameters: string[], origin: string): string | undefined {
  const placeholders = /\{\{([^{}]*)\}\}/g
  const used = [...embed_src.matchAll(placeholders)].map((m) => (m[1] ?? '').trim())
  const unknown = used.find((name) => !parameters.includes(name))
  if (unknown !== undefined) return `{{${unknown}}} is not one of its parameters`
  let url: URL | undefined
  try {
    url = new URL(embed_src.replace(placeholders, 'x'))
  } catch {}
  const head = embed_src.split('{{', 1)[0] ?? ''
  if (url?.origin !== origin || !head.toLowerCase().startsWith(`${origin}/`.toLowerCase())) {
    return `must be on the widget's origin ${origin}`
  }
  return undefined
}

/** One widget of a config file, as written: only the fields it gives. */
export const appSchema = z.preprocess(
  fields,
  z.object({
    app_key: z
      .string({ error: 'expected a key like "my-widget" (letters, digits, . _ -)' })
      .regex(APP_KEY, { error: 'expected a key like "my-widget" (letters, digits, . _ -)' }),
    url: httpUrl,
    name: localized.optional(),
    app_id: z.unknown().transform(String).optional(),
    developer_key: z
      .string({ error: 'expected a text of at least 8 characters' })
      .min(8, { error: 'expected a text of at least 8 characters' })
      .optional(),
    webhook_url: z
      .union(
        [
          z.null(),
          z
            .string()
            .refine(isLocalWebhookUrl)
            .transform((u) => new URL(u).href),
        ],
        {
          error: 'expected an http(s) URL on localhost, 127.0.0.1 or [::1] (or null for none)',
        },
      )
      .optional(),
    webhook_secret: z
      .custom<string>(isWebhookSecret, {
        error: 'expected "whsec_" and the base64 of 24 to 64 random bytes',
      })
      .optional(),
    contexts: z
      .custom<HostContext[]>(
        (value) =>
          Array.isArray(value) && value.length > 0 && value.every((c) => CONTEXTS.includes(c)),
        { error: `expected some of ${CONTEXTS.join(', ')}` },
      )
      .optional(),
    // Any well-formed name: the platform decides which scopes exist (SCOPES are those documented).
    scopes: z
      .array(
        z.custom<ScopeName>(isScopeName, {
          error: (issue) =>
            `${JSON.stringify(issue.input) ?? 'undefined'} is not a scope name (dotted lowercase words)`,
        }),
        { error: 'expected an array of scope names' },
      )
      .optional(),
    products: z.array(product, { error: 'expected an array' }).optional(),
    plans: z.array(plan, { error: 'expected an array' }).optional(),
    pages: z.array(page, { error: 'expected an array' }).optional(),
  }),
)

/** The config file's top level, as written. Each part is checked when it is used. */
export const configFileSchema = z.looseObject({
  /** Read as the flags are (`--panel-port` and so on); anything else reads as none. */
  ports: z
    .looseObject({
      panel: z.unknown().optional(),
      widgets: z.unknown().optional(),
      emulator: z.unknown().optional(),
    })
    .optional()
    .catch(undefined),
  apps: z.array(z.unknown(), { error: '"apps" must be an array' }).optional(),
  allowedHosts: z
    .array(
      z
        .custom<string>((v) => typeof v === 'string' && isHostNameOption(v), {
          error: (issue) => hostProblem(issue.input),
        })
        .transform((name) => name.toLowerCase()),
      { error: '"allowedHosts" must be an array of host names' },
    )
    .optional(),
})

/** `.scopes[2]`, `.products[0].price`: where in the checked value an issue is. */
function pathText(path: PropertyKey[]): string {
  return path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('')
}

/**
 * `value` as `schema` reads it, or a {@link ConfigError} naming the first issue's place:
 * `${where}.scopes[2]: …`. With `field`, a place inside the value reads `${where}: ${field}[0]: …`
 * and the value's own issue `${where}: …` (the file's top-level fields).
 */
export function check<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: string,
  field?: string,
): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const { path, message } = result.error.issues[0]!
  const at =
    field === undefined
      ? `${where}${pathText(path)}`
      : path.length
        ? `${where}: ${field}${pathText(path)}`
        : where
  throw new ConfigError(`${at}: ${message}`)
}

/**
 * Checks the file's shape with the schema the test kit shares (`devConfigProblems` of
 * `platform-widget-sdk/events`): throws a {@link ConfigError} for its first unknown key or
 * misspelt scope, `${where}: apps[0].scope: unknown key "scope"; did you mean "scopes"?`, and
 * answers its warnings (scopes the dev platform does not know), each as one line.
 */
export function checkShape(file: unknown, where: string): string[] {
  const { errors, warnings } = devConfigProblems(file)
  const line = ({ path, message }: { path: string; message: string }) =>
    `${where}: ${path}: ${message}`
  if (errors[0]) throw new ConfigError(line(errors[0]))
  return warnings.map(line)
}

/** One app of a config file, with the `--app` defaults for what it leaves out. */
export function appFromConfig(raw: unknown, index: number, where: string): ConfigApp {
  const item = check(appSchema, raw, where)
  const app: ConfigApp = { ...quickApp(item.app_key, item.url, index) }
  if (item.name !== undefined) app.name = item.name as Localized
  if (item.app_id !== undefined) app.app_id = item.app_id
  if (item.developer_key !== undefined) app.developer_key = item.developer_key
  if (item.webhook_url === null) delete app.webhook_url
  else if (item.webhook_url !== undefined) app.webhook_url = item.webhook_url
  if (item.webhook_secret !== undefined) app.webhook_secret = item.webhook_secret
  if (item.contexts !== undefined) app.contexts = item.contexts
  if (item.scopes !== undefined) app.scopes = item.scopes
  if (item.products !== undefined) app.products = item.products
  if (item.plans !== undefined) app.plans = item.plans
  if (item.pages !== undefined) {
    const origin = new URL(app.url).origin
    item.pages.forEach(({ embed_src, parameters = [] }, i) => {
      const problem = pageProblem(embed_src, parameters, origin)
      if (problem) throw new ConfigError(`${where}.pages[${i}].embed_src: ${problem}`)
    })
    app.pages = item.pages as PageConfig[]
  }
  return app
}

/** The top level of a config file as JSON gave it; {@link configFileSchema} checks its parts. */
export type RawConfigFile = { ports?: unknown; apps?: unknown; allowedHosts?: unknown }

/** Reads and parses the config file at the absolute path `full`. */
export function readConfigFile(full: string): RawConfigFile {
  let text: string
  try {
    text = readFileSync(full, 'utf8')
  } catch {
    throw new ConfigError(`Cannot read the config file ${full}`)
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new ConfigError(`${full} is not valid JSON: ${(error as Error).message}`)
  }
}
