// Where the platform is: each of its three hosts from one setting. A URL given for a host wins;
// then `baseUrl` (one origin for all three, as the local emulator serves them); then the
// environment variable PLATFORM_URL. Nothing else: there is no default host, so a
// server that forgot its setting fails at start instead of sending its key or token elsewhere.

import { ErrorCode, PlatformError } from 'platform-widget-sdk/events'

/** The environment variable the helpers read when no URL is passed. */
export const PLATFORM_URL_ENV = 'PLATFORM_URL'

/** The three hosts of spec part 4, by the option that names each. */
export type HostOption = 'gatewayUrl' | 'platformUrl' | 'openapiUrl'

/** What a caller may set: a URL per host, or one `baseUrl` for all of them. */
export type HostOptions = Partial<Record<HostOption, string>> & {
  baseUrl?: string
  /** @deprecated The same as `baseUrl`; it can go in 0.2. */
  emulator?: string
}

/** PLATFORM_URL, where there is a `process` (Node); never throws (a runtime may refuse env access). */
export function platformUrlFromEnv(): string | undefined {
  try {
    const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
      ?.env
    return env?.[PLATFORM_URL_ENV] || undefined
  } catch {
    return undefined
  }
}

/** An absolute http(s) URL. */
function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false
  try {
    const { protocol } = new URL(value)
    return protocol === 'http:' || protocol === 'https:'
  } catch {
    return false
  }
}

/**
 * Each named host's base URL, without a trailing slash. Throws `INVALID_ARGUMENT` naming every
 * host left without an http(s) URL (`field`: the first), and what to set.
 */
export function resolveHosts<H extends HostOption>(
  options: HostOptions | undefined,
  hosts: readonly H[],
  caller: string,
): Record<H, string> {
  const env = platformUrlFromEnv()
  const base = options?.baseUrl ?? options?.emulator
  const resolved = {} as Record<H, string>
  const missing: string[] = []
  const wrong: string[] = []
  for (const host of hosts) {
    const [source, url] =
      options?.[host] !== undefined
        ? [host, options[host]]
        : base !== undefined
          ? [options?.baseUrl !== undefined ? 'baseUrl' : 'emulator', base]
          : env !== undefined
            ? [PLATFORM_URL_ENV, env]
            : [host, undefined]
    if (isHttpUrl(url)) resolved[host] = url.replace(/\/+$/, '')
    else {
      missing.push(host)
      if (url !== undefined) wrong.push(`${source} ${JSON.stringify(String(url))}`)
    }
  }
  if (missing.length) {
    const bad = wrong.length ? ` (not an http(s) URL: ${[...new Set(wrong)].join(', ')})` : ''
    throw new PlatformError(
      ErrorCode.INVALID_ARGUMENT,
      `${caller} needs ${missing.join(', ')}${bad}: the platform's http(s) base URL${missing.length > 1 ? 's' : ''}, or one baseUrl for every host, or the ${PLATFORM_URL_ENV} environment variable (against the local emulator, its origin, which \`platform-widget-dev dev\` prints). There is no default host.`,
      missing[0],
    )
  }
  return resolved
}

/**
 * `METHOD URL` for an error message: no user name or password, and no query string (a query
 * may carry personal data, such as a national code). Tokens and keys travel in headers only.
 */
export function describeRequest(method: string, url: string): string {
  try {
    const parsed = new URL(url)
    return `${method} ${parsed.origin}${parsed.pathname}${parsed.search ? '?…' : ''}`
  } catch {
    return method
  }
}

/** `NETWORK_ERROR`, naming the request it tried and why it failed. */
export function networkError(method: string, url: string, error: unknown): PlatformError {
  const reason = error instanceof Error ? error.message : String(error)
  const cause = (error as { cause?: { message?: unknown } } | undefined)?.cause?.message
  return new PlatformError(
    ErrorCode.NETWORK_ERROR,
    `Could not reach the platform at ${describeRequest(method, url)}: ${reason}${typeof cause === 'string' && cause ? ` (${cause})` : ''}`,
  )
}
