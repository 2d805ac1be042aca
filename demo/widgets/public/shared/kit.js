// Helpers shared by the sample widgets. They use only the public `window.platform` API, which
// the SDK script tag in each page installs, and their own backend on this origin.

/** The SDK's global, installed by `<script src="PANEL/dist/platform.js">`. */
export const platform = window.platform

/** Creates an element; string children become text (never parsed as HTML). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false || value === null) continue
    el.setAttribute(name, value === true ? '' : String(value))
  }
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue
    el.append(typeof child === 'object' ? child : document.createTextNode(String(child)))
  }
  return el
}

export function formatNumber(value, locale) {
  return new Intl.NumberFormat(locale === 'fa' ? 'fa-IR' : 'en-US').format(value)
}

export function formatRials(value, locale) {
  return `${formatNumber(value, locale)} ${locale === 'fa' ? 'ریال' : 'Rials'}`
}

/**
 * Connects to the panel and follows its look: the page's language and direction from
 * `initialize`, and its colour scheme (widget.css reads `data-scheme`) from `initialize`, then
 * from each `PLATFORM_LOOK_CHANGED`. A sample widget draws its words once, in the language the
 * panel had when it started, so it keeps that language and direction until it is loaded again.
 */
export async function start(app_key) {
  const info = await platform.initialize({ app_key })
  const root = document.documentElement
  root.lang = info.locale
  root.dir = info.dir ?? (info.locale === 'fa' ? 'rtl' : 'ltr')
  root.dataset.scheme = info.colorScheme ?? 'light'
  platform.on('PLATFORM_LOOK_CHANGED', (look) => {
    root.dataset.scheme = look.colorScheme
  })
  return info
}

/**
 * The widget's own backend. After `connect`, calls carry the backend session id; the access
 * token and the developer key stay on the server.
 */
export function backend(app_key) {
  let session
  const call = async (path, init = {}) => {
    const res = await fetch(path, {
      ...init,
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(session ? { authorization: `Session ${session}` } : {}),
      },
    })
    const body = await res.json().catch(() => ({}))
    return { ok: res.ok, status: res.status, body }
  }
  return {
    get connected() {
      return session !== undefined
    },
    /** Gets a session token (asking the user once) and has the backend exchange it. */
    async connect(scope) {
      const session_token = await platform.getSessionToken({ scope })
      const res = await call('/api/session', {
        method: 'POST',
        body: JSON.stringify({ app_key, session_token }),
      })
      if (res.ok) session = res.body.session
      return res
    },
    get: (path) => call(path),
    post: (path, body) => call(path, { method: 'POST', body: JSON.stringify(body) }),
    /** Has the backend verify the receipt (and, with `order_id`, that it paid for that order). */
    verify: (receipt_id, order_id) =>
      call('/api/verify', {
        method: 'POST',
        body: JSON.stringify({ app_key, receipt_id, ...(order_id ? { order_id } : {}) }),
      }),
  }
}

/** Shows a result line: `state` is ok, error or busy. */
export function say(el, state, text) {
  el.dataset.state = state
  // Error lines mix codes (Latin) and messages: let each line take its own direction.
  el.dir = 'auto'
  el.textContent = text
}

/** "402 INSUFFICIENT_SMS_CREDIT: message" for an API error answer. */
export function describeError(res) {
  const { error, message } = res.body ?? {}
  return `${res.status} ${error ?? ''}${message ? `: ${message}` : ''}`.trim()
}

/** A readable line for a rejected SDK call. */
export function describeFailure(error) {
  return error && typeof error === 'object' && 'code' in error
    ? `${error.code}: ${error.message}`
    : String(error)
}
