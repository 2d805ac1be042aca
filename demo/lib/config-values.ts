import { ConfigError } from './config-error.js'
import { isHostNameOption } from './guard.js'

/** A widget's app_key: letters, digits, `.`, `_` and `-`, at most 64. */
export const APP_KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/

/** The href of `value` as an absolute http(s) URL, or why it is not one. */
export function parseHttpUrl(value: unknown): { href: string } | { problem: string } {
  let url: URL
  try {
    url = new URL(String(value))
  } catch {
    return { problem: `"${String(value)}" is not an absolute URL` }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { problem: 'the widget URL must be http(s)' }
  }
  return { href: url.href }
}

/** {@link parseHttpUrl}, throwing a {@link ConfigError} that starts with `where`. */
export function httpUrl(value: unknown, where: string): string {
  const url = parseHttpUrl(value)
  if ('problem' in url) throw new ConfigError(`${where}: ${url.problem}`)
  return url.href
}

/** Why `value` is not a host name to answer besides this machine's. */
export function hostProblem(value: unknown): string {
  return `expected a host name such as my-laptop.local (no scheme, no port), got ${JSON.stringify(value)}`
}

/** A host name to answer besides this machine's: a name or an IP address, no port, no scheme. */
export function hostOption(value: unknown, where: string): string {
  if (typeof value !== 'string' || !isHostNameOption(value)) {
    throw new ConfigError(`${where}: ${hostProblem(value)}`)
  }
  return value.toLowerCase()
}
