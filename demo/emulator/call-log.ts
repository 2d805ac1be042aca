// The platform-call log: every call a widget backend makes to the emulator's open APIs (method,
// path, status, time, bodies), for the inspector's "Platform calls" view and the `logs` command.
// Developer keys, tokens and secrets are masked before anything is kept. A backend can call as
// often and as large as it likes, so the log is bounded twice: by entries and by bytes.

import { createHash } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { PlatformCall } from '../shared/call-types.js'

/** Entries kept, oldest dropped first. */
export const CALL_LOG_ENTRIES = 500
/** Bytes of all kept bodies and paths together, oldest dropped first. */
export const CALL_LOG_BYTES = 2 * 1024 * 1024
/** Bytes of one body kept; the rest is cut (`truncated: true`). */
export const CALL_BODY_BYTES = 8 * 1024
/** Access tokens remembered to link a Bearer call to the session token it was exchanged for. */
const TOKEN_LINKS = 1000

/** The open APIs a backend calls (the emulator's own /internal and /control are not logged). */
const LOGGED = /^\/(?:open-platform\/v1|v1|api\/v1)\//

export interface CallQuery {
  app_key?: string
  /** `402`, or a class: `4xx`, `5xx`; `error` is any status of 400 or more. */
  status?: string
  /** Only entries with an id over this one (follow mode). */
  after?: number
  /** The newest `limit` of what matches (default and at most CALL_LOG_ENTRIES). */
  limit?: number
}

export interface CallLog {
  /** Oldest first. */
  list(query?: CallQuery): PlatformCall[]
  clear(): void
  /** The middleware that records each open-API call. */
  middleware(options: { secrets: () => string[] }): MiddlewareHandler
}

/** The fingerprint the log and the panel both compute of a session token. */
export const fingerprint = (token: string) =>
  createHash('sha256').update(token).digest('hex').slice(0, 16)

const MASK = '•••'
/** `eyJ…` three base64url parts: a JWT, whatever it is named. */
const JWT = /eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]{4,}/g
const SECRET_KEY = /token|secret|password|api[-_]?key|authorization/i

/** A credential shown by its last four characters only, enough to tell two apart. */
const masked = (value: string) => (value.length > 12 ? `${MASK}${value.slice(-4)}` : MASK)

/** `text` with every known secret and every JWT masked; JSON keys that name a secret too. */
export function maskText(text: string, secrets: string[]): string {
  let out = text
  for (const secret of secrets) if (secret.length >= 8) out = out.split(secret).join(masked(secret))
  out = out.replace(JWT, (jwt) => masked(jwt))
  try {
    const parsed = JSON.parse(out) as unknown
    if (parsed && typeof parsed === 'object') {
      return JSON.stringify(parsed, (key, value) =>
        key && SECRET_KEY.test(key) && typeof value === 'string' && !value.startsWith(MASK)
          ? masked(value)
          : value,
      )
    }
  } catch {
    // Not JSON (a form body, text): the replacements above are what there is.
  }
  return out
}

function cut(text: string): { body: string; truncated?: true } {
  if (Buffer.byteLength(text) <= CALL_BODY_BYTES) return { body: text }
  // Cut by bytes, never inside a character.
  return {
    body: Buffer.from(text)
      .subarray(0, CALL_BODY_BYTES)
      .toString()
      .replace(/\uFFFD$/, ''),
    truncated: true,
  }
}

const statusMatches = (status: number, filter: string | undefined) => {
  if (!filter) return true
  if (filter === 'error') return status >= 400
  const klass = /^([1-5])xx$/i.exec(filter)
  if (klass) return Math.floor(status / 100) === Number(klass[1])
  return String(status) === filter
}

/** Reads a body without consuming the one the route reads. */
async function text(body: Request | Response): Promise<string | null> {
  if (!body.body) return null
  try {
    return await body.clone().text()
  } catch {
    return null
  }
}

type HonoContext = Parameters<MiddlewareHandler>[0]

/** What the routes' middleware set on `c.var` that names the widget (see api/middleware.ts). */
type WidgetVariables = Partial<{ token: { app_key: string }; app: { app_key: string } }>

/** The widget a call was for: its token's, its developer key's, or its path's. */
function appKeyOf(c: HonoContext): string | null {
  const vars = c.var as WidgetVariables
  return (
    vars.token?.app_key ??
    vars.app?.app_key ??
    /^\/api\/v1\/apps\/([^/]+)\//.exec(c.req.path)?.[1] ??
    null
  )
}

/** The request headers worth showing, credentials masked. */
function shownHeaders(c: HonoContext): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const name of ['content-type', 'authorization', 'x-api-key', 'app_id']) {
    const value = c.req.header(name)
    if (value !== undefined) {
      headers[name] = name === 'content-type' || name === 'app_id' ? value : masked(value)
    }
  }
  return headers
}

/**
 * fingerprint(access token) → the session token's and the widget, insertion-ordered: a call the
 * emulator refuses before it reads the token (a missing scope) still names both.
 */
type TokenLinks = Map<string, { session: string; app_key: string | null }>

/**
 * What a call links to: the session token it exchanged or its access token came from (a token
 * exchange is remembered in `tokenLinks`), and the receipt it names.
 */
function linksOf(
  c: HonoContext,
  texts: { request: string | null; response: string | null },
  tokenLinks: TokenLinks,
) {
  const links: PlatformCall['links'] = {}
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1]
  if (/\/oauth\/access_token$/.test(c.req.path) && texts.request) {
    const session = sessionTokenOf(texts.request, c.req.header('content-type'))
    if (session) links.session = fingerprint(session)
    const access = accessTokenOf(texts.response)
    if (access && links.session) {
      tokenLinks.set(fingerprint(access), { session: links.session, app_key: appKeyOf(c) })
      if (tokenLinks.size > TOKEN_LINKS) tokenLinks.delete(tokenLinks.keys().next().value!)
    }
  }
  const byToken = bearer ? tokenLinks.get(fingerprint(bearer)) : undefined
  if (byToken) links.session = byToken.session
  const receipt =
    /\/receipts\/([^/?]+)/.exec(c.req.path)?.[1] ??
    /"receipt_id":"([^"]+)"/.exec(texts.request ?? '')?.[1]
  if (receipt) links.receipt = decodeURIComponent(receipt).slice(0, 100)
  return { links, byToken }
}

/** A body as the log keeps it: secrets masked, cut to size. */
function logged(text: string | null, secrets: string[]) {
  const kept = text === null ? null : cut(maskText(text, secrets))
  return {
    body: kept?.body ?? null,
    ...(kept?.truncated ? { truncated: true as const } : {}),
  }
}

/** The log's entry of a call that has been answered (no id yet). */
async function entryOf(
  c: HonoContext,
  call: { started: number; now: () => number; requestText: string | null; secrets: string[] },
  tokenLinks: TokenLinks,
): Promise<Omit<PlatformCall, 'id'>> {
  const { started, requestText, secrets } = call
  const responseText = await text(c.res)
  const { links, byToken } = linksOf(
    c,
    { request: requestText, response: responseText },
    tokenLinks,
  )
  const url = new URL(c.req.url)
  return {
    at: new Date(started).toISOString(),
    app_key: appKeyOf(c) ?? byToken?.app_key ?? null,
    method: c.req.method,
    path: maskText(url.pathname + url.search, secrets).slice(0, 2048),
    status: c.res.status,
    duration_ms: Math.max(0, call.now() - started),
    request: { headers: shownHeaders(c), ...logged(requestText, secrets) },
    response: logged(responseText, secrets),
    links,
  }
}

export function createCallLog(now: () => number): CallLog {
  let entries: PlatformCall[] = []
  let bytes = 0
  let next = 1
  const tokenLinks: TokenLinks = new Map()

  const cost = (e: PlatformCall) =>
    256 + e.path.length + (e.request.body?.length ?? 0) + (e.response.body?.length ?? 0)

  const add = (entry: PlatformCall) => {
    entries.push(entry)
    bytes += cost(entry)
    while (entries.length > CALL_LOG_ENTRIES || bytes > CALL_LOG_BYTES) {
      bytes -= cost(entries.shift()!)
    }
  }

  return {
    list({ app_key, status, after, limit = CALL_LOG_ENTRIES } = {}) {
      const found = entries.filter(
        (e) =>
          (app_key === undefined || e.app_key === app_key) &&
          statusMatches(e.status, status) &&
          (after === undefined || e.id > after),
      )
      return found.slice(-Math.max(1, Math.min(limit, CALL_LOG_ENTRIES)))
    },
    clear() {
      entries = []
      bytes = 0
      tokenLinks.clear()
    },
    middleware({ secrets }) {
      return async (c, next_) => {
        if (!LOGGED.test(c.req.path)) return next_()
        const started = now()
        const requestText = await text(c.req.raw)
        await next_()
        const entry = await entryOf(
          c,
          { started, now, requestText, secrets: secrets() },
          tokenLinks,
        )
        add({ id: next++, ...entry })
      }
    },
  }
}

function sessionTokenOf(body: string, type: string | undefined): string | undefined {
  try {
    if (type?.includes('application/x-www-form-urlencoded')) {
      return new URLSearchParams(body).get('session_token') ?? undefined
    }
    const parsed = JSON.parse(body) as { session_token?: unknown }
    return typeof parsed.session_token === 'string' ? parsed.session_token : undefined
  } catch {
    return undefined
  }
}

function accessTokenOf(body: string | null): string | undefined {
  try {
    const parsed = JSON.parse(body ?? '') as { access_token?: unknown }
    return typeof parsed.access_token === 'string' ? parsed.access_token : undefined
  } catch {
    return undefined
  }
}
