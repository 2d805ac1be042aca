// The URLs and the secret of a dev config's widget: its page, its webhook and the secret the
// webhooks are signed with.

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]']

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

/** A webhook URL the dev platform may post to: http(s) on this machine, without credentials. */
export function isLocalWebhookUrl(value: unknown): value is string {
  const url = typeof value === 'string' ? urlOf(value) : undefined
  return (
    !!url &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    LOCAL_HOSTS.includes(url.hostname) &&
    !url.username &&
    !url.password
  )
}

/** `whsec_` and the canonical base64 of 24 to 64 bytes (Standard Webhooks' secret). */
export function isWebhookSecret(value: unknown): value is string {
  if (typeof value !== 'string' || !value.startsWith('whsec_')) return false
  const encoded = value.slice('whsec_'.length)
  try {
    const bytes = atob(encoded)
    return btoa(bytes) === encoded && bytes.length >= 24 && bytes.length <= 64
  } catch {
    return false
  }
}

/** `value` as a URL, or undefined (`URL.canParse` is newer than some browsers the kit runs in). */
export function urlOf(value: string): URL | undefined {
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}
