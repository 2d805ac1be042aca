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

// The panel's language as the widget last heard it, the widget's words in each language (given
// to `start`), and each element whose words follow the language (`words`).
let current = 'fa'
let TEXT = {}
const drawn = []

/**
 * Connects to the panel and follows its look: the page's language and direction, and its colour
 * scheme (widget.css reads `data-scheme`), from `initialize`, then from each
 * `PLATFORM_LOOK_CHANGED`. `text` holds the widget's words by locale (`{ fa: {…}, en: {…} }`).
 * When the language changes, every element given to `words` is drawn again in the new one; the
 * page is not reloaded, so what the user typed or chose, and what the widget holds (connected
 * or not), stays. A result line written before (`say`) stays as it was written.
 */
export async function start(app_key, text) {
  TEXT = text
  const info = await platform.initialize({ app_key })
  follow(info)
  platform.on('PLATFORM_LOOK_CHANGED', follow)
  return info
}

function follow({ locale, dir, colorScheme }) {
  const root = document.documentElement
  root.lang = locale
  root.dir = dir ?? (locale === 'fa' ? 'rtl' : 'ltr')
  root.dataset.scheme = colorScheme ?? 'light'
  if (locale === current) return
  current = locale
  redraw()
}

/** Draws every element given to `words` again: after a change of what their words show. */
export function redraw() {
  for (const [el, draw] of drawn) paint(el, draw)
}

/** The widget's words in the panel's language now: for lines written at the time. */
export const text = () => TEXT[current]

/** The panel's language now (`fa` or `en`). */
export const locale = () => current

/**
 * Draws `el`'s words with `draw(t, locale)` now and after each language change, and returns
 * `el`. What `draw` returns becomes `el`'s text; `draw` may set attributes itself instead
 * (`placeholder`, `aria-label`) and return nothing.
 *
 * @example
 * const title = words(h('h1'), (t) => t.title)
 * words(query, (t) => { query.placeholder = t.query })
 */
export function words(el, draw) {
  drawn.push([el, draw])
  paint(el, draw)
  return el
}

function paint(el, draw) {
  const drawnText = draw(TEXT[current], current)
  if (typeof drawnText === 'string') el.textContent = drawnText
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
