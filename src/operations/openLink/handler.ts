import { ErrorCode, type Locale, PlatformError } from '../../events/index.js'
import { widgetActivation } from '../../host-kit/activation.js'
import { ask } from '../../host-kit/ask.js'
import { h } from '../../host-kit/dialog/dom.js'
import { type Strings, strings } from '../../host-kit/dialog/i18n.js'
import { unexpectedEnd } from '../../host-kit/dialog/outcome.js'
import { registrableDomain, shortHost } from '../../host-kit/site.js'
import type { CallContext } from '../../host-kit/types.js'
import type { OpenLinkRequest, OpenLinkResult } from './types.js'
import { words } from './words.js'

/**
 * `openLink({ url })`: opens an outside page in a new tab, with no opener and no referrer. The
 * panel opens it, not the widget's frame, so the frame's sandbox does not apply to the tab.
 *
 * With the page's user activation (a click in the widget reaches the panel too: activation
 * spreads to ancestor frames) it opens at once; without it (a timer, a page load), or when the
 * browser blocks the tab anyway, the host asks in a dialog that names the site, and the click on
 * Open is the activation the tab needs.
 * The URL was checked by `validateOpenLink`: `https:` (`http:` only on this machine), no user
 * name or password.
 */
export async function handle(
  { url }: OpenLinkRequest,
  call: CallContext<'openTab'>,
): Promise<OpenLinkResult> {
  const win = call.layer.doc.defaultView
  if (!win) throw new PlatformError(ErrorCode.UNSUPPORTED, 'The panel has no window to open from')
  /** The panel's hook (the test kit's) or the host's own tab; `undefined` when blocked. */
  const tryOpen = (): OpenLinkResult | undefined => {
    const { openTab: hook } = call.options
    if (!hook) return openTab(win, url)
    return hook(url) ? { opened: true } : undefined
  }
  // At once only on this widget's own click, with no dialog open or waiting, no cool-down and
  // the panel page not framed by another site (then the dialog path refuses: PANEL_FRAMED):
  // the page's activation is anyone's (the panel's own buttons, another widget, a dialog's Pay),
  // and a tab that skipped the dialog must not skip its rules. A tab the browser still blocks
  // (WebKit opens windows only while it handles the gesture's own event, not a message that
  // follows it) falls back to asking.
  call.guard.checkCooldown()
  if (
    !call.slot.busy &&
    call.framedBy() === undefined &&
    (await widgetActivation(win, call)) &&
    !call.signal.aborted
  ) {
    const opened = tryOpen()
    if (opened) return opened
  }
  const render = (_t: Strings, locale: Locale) => {
    const w = words[locale]
    return {
      title: w.linkTitle,
      content: linkContent(call.layer.doc, w, url),
      confirmLabel: w.linkOpen,
    }
  }
  const outcome = await ask(call, {
    kind: 'open-link',
    ...render(strings(call.locale), call.locale),
    render,
    run: () => {
      const opened = tryOpen()
      if (!opened) {
        throw new PlatformError(
          ErrorCode.POPUP_BLOCKED,
          'The browser blocked the new tab; allow pop-ups for the panel and try again',
        )
      }
      return opened
    },
  })
  if (outcome.kind === 'confirm') return outcome.value
  if (outcome.kind === 'close') {
    throw new PlatformError(
      ErrorCode.USER_CLOSED_POPUP,
      'The user closed the dialog; no page was opened',
    )
  }
  return unexpectedEnd(outcome)
}

/**
 * The dialog's body: the site first and large (the registrable domain, which the link's author
 * cannot choose the look of: `evil.example`, not the `accounts.google.com.` before it), then the
 * host, shortened from the left when long, then the whole URL, wrapped. Every part is left to
 * right and isolated, so no bidi trick in a URL reorders what the doctor reads. A non-ASCII name
 * stays in punycode, as `URL` gives it, with a line saying why: its Unicode form could be a
 * homograph (`gооgle.com` with Cyrillic o's), and telling a safe one from a look-alike takes the
 * browser's own script-mixing rules, which the address bar applies once the tab is open.
 */
function linkContent(doc: Document, w: (typeof words)['en'], url: string): Node[] {
  const { hostname, port } = new URL(url)
  const domain = registrableDomain(hostname)
  // Another port is another site: both lines keep it.
  const withPort = (name: string) => (port ? `${name}:${port}` : name)
  const site = withPort(domain)
  const host = withPort(hostname)
  const [before = '', after = ''] = w.linkBody('\u0000').split('\u0000')
  const ltr = (attrs: Record<string, string>, text: string) =>
    h(doc, 'bdi', { dir: 'ltr', ...attrs }, text)
  const parts: Node[] = [
    h(doc, 'p', {}, before, ltr({ class: 'site', 'data-site': '' }, site), after),
    h(
      doc,
      'dl',
      { class: 'link' },
      host !== site && h(doc, 'dt', {}, w.linkHost),
      host !== site &&
        h(doc, 'dd', {}, ltr({ 'data-host': '' }, withPort(shortHost(hostname, domain)))),
      h(doc, 'dt', {}, w.linkUrl),
      h(doc, 'dd', {}, ltr({ class: 'url', 'data-url': '' }, url)),
    ),
  ]
  if (/(^|\.)xn--/.test(host)) {
    parts.push(h(doc, 'p', { class: 'note', 'data-punycode': '' }, w.linkPunycode))
  }
  return parts
}

/**
 * Opens `url` in a new tab. `window.open` with `noopener` always returns null, so a blocked tab
 * could not be told from an opened one: the host opens a blank tab (null means blocked), cuts
 * its opener, then navigates it from inside itself through a `rel="noreferrer"` link, so the
 * page gets neither `window.opener` nor a referrer. `undefined` when the browser blocked it.
 */
function openTab(win: Window, url: string): OpenLinkResult | undefined {
  const tab = win.open('about:blank', '_blank')
  if (!tab) return undefined
  try {
    tab.opener = null
    const a = tab.document.createElement('a')
    a.href = url
    a.rel = 'noopener noreferrer'
    tab.document.body?.append(a)
    a.click()
  } catch (error) {
    tab.close()
    throw new PlatformError(
      ErrorCode.BACKEND_ERROR,
      `The panel could not open the page: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  return { opened: true }
}
