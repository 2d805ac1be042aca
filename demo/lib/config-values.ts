import { parseHttpUrl } from 'platform-widget-sdk/events'
import { ConfigError } from './config-error.js'
import { isHostNameOption } from './guard.js'

// One copy of each, shared with the test kit's reading of a config file.
export { APP_KEY, parseHttpUrl } from 'platform-widget-sdk/events'

/** {@link parseHttpUrl}, throwing a {@link ConfigError} that starts with `where`. */
export function httpUrl(value: unknown, where: string): string {
  const url = parseHttpUrl(value)
  if ('problem' in url) throw new ConfigError(`${where}: ${url.problem}`)
  return url.href
}

/** The origin of a panel's URL (`--panel-origin`, `panelOrigins`): `http://localhost:5173`. */
export function panelOrigin(value: unknown, where: string): string {
  return new URL(httpUrl(value, where)).origin
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
