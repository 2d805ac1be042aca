// The widgets `check` is tested on: one with nothing wrong, and one per defect, each a small
// page with exactly that defect (check.test.ts serves each on an origin of its own).
import type { PageParts, TestPage } from './test-pages.js'
import { widgetHtml } from './test-pages.js'

export interface Defect {
  app_key: string
  /** The page, from the panel's origin and the widget's key. */
  page: (parts: Pick<PageParts, 'panel' | 'app_key'>) => TestPage
  contexts?: string[]
  scopes?: string[]
  /** Its registration's top-level pages (paths the page's routes serve). */
  topLevelPages?: string[]
  /** The place the expected findings must name (`top-level /app/start.html`). */
  where?: string
  /** The checks whose finding the report must name. */
  expect: string[]
  /** The checks whose finding it must not. */
  absent?: string[]
  /** Why `absent` does not hold in Firefox yet (engines.test.ts then leaves it out there). */
  absentNotInFirefox?: string
  /** Words the findings' titles must hold, and words none may. */
  says?: string[]
  saysNot?: string[]
}

const html = (parts: PageParts, rest: Omit<TestPage, 'html'> = {}): TestPage => ({
  html: widgetHtml(parts),
  ...rest,
})
const init = (key: string) => `await platform.initialize({ app_key: ${JSON.stringify(key)} })`

export const DEFECTS: Defect[] = [
  { app_key: 'clean', page: (p) => html(p), expect: [] },
  {
    app_key: 'xfo',
    page: (p) => html(p, { headers: { 'x-frame-options': 'DENY' } }),
    expect: ['framing.x-frame-options'],
  },
  {
    app_key: 'ancestors',
    page: (p) => html(p, { headers: { 'content-security-policy': "frame-ancestors 'self'" } }),
    expect: ['framing.frame-ancestors'],
  },
  { app_key: 'status', page: (p) => html(p, { status: 500 }), expect: ['page.status'] },
  {
    app_key: 'wrong-key',
    page: (p) =>
      html({ ...p, script: `try { ${init('hamgam')} } catch (e) { console.info(e.code) }` }),
    expect: ['sdk.app-key'],
  },
  {
    // Not awaited, as the original widget did: a rejection nobody handles.
    app_key: 'unhandled',
    page: (p) => html({ ...p, script: `platform.initialize({ app_key: 'hamgam' })` }),
    expect: ['sdk.app-key', 'sdk.unhandled-rejection'],
  },
  {
    app_key: 'other-sdk',
    page: (p) =>
      html({
        ...p,
        sdk: `<script src="${p.panel.replace('127.0.0.1', 'localhost')}/dist/platform.js"></script>`,
        script: `try { ${init(p.app_key)} } catch (e) { console.info(e.code) }`,
      }),
    expect: ['sdk.origin'],
  },
  {
    app_key: 'no-sdk',
    page: (p) => html({ ...p, sdk: '', script: '' }),
    expect: ['sdk.missing'],
  },
  {
    app_key: 'early',
    page: (p) =>
      html({
        ...p,
        script: `platform.getSessionToken({ scope: [] }).catch(() => {}); ${init(p.app_key)}`,
      }),
    expect: ['sdk.before-initialize'],
  },
  {
    app_key: 'order',
    page: (p) => html({ ...p, pre: '<script>window.seen = typeof window.platform</script>' }),
    expect: ['sdk.order'],
  },
  {
    app_key: 'scopes',
    scopes: ['provider.profile.read'],
    page: (p) =>
      html({
        ...p,
        script: `${init(p.app_key)}; platform.getSessionToken({ scope: ['provider.sms.read'] }).catch(() => {})`,
      }),
    expect: ['scopes.not-enabled', 'scopes.never-asked'],
  },
  {
    // A scope asked for on a click, and a module script above the SDK's (it runs after).
    app_key: 'on-click',
    scopes: ['provider.profile.read'],
    page: (p) =>
      html({
        ...p,
        pre: `<script type="module" src="data:text/javascript,"></script>`,
        body: '<button>Show my profile</button>',
        script: `${init(p.app_key)}; document.querySelector('button').onclick = () => platform.getSessionToken({ scope: ['provider.profile.read'] })`,
      }),
    expect: [],
    absent: ['scopes.never-asked', 'sdk.order'],
  },
  {
    // A scope asked for on a click that the registration lacks: no load asks for it.
    app_key: 'click-unregistered',
    scopes: ['provider.profile.read'],
    page: (p) =>
      html({
        ...p,
        body: '<button>Send a reminder</button>',
        script: `${init(p.app_key)}; platform.getSessionToken({ scope: ['provider.profile.read'] }).catch(() => {}); document.querySelector('button').onclick = () => platform.getSessionToken({ scope: ['provider.profile.read', 'provider.sms.write'] })`,
      }),
    expect: ['scopes.named-not-enabled'],
    absent: ['scopes.not-enabled', 'scopes.never-asked'],
  },
  {
    app_key: 'patient',
    contexts: ['booking-flow'],
    scopes: ['provider.profile.read'],
    page: (p) =>
      html({
        ...p,
        script: `${init(p.app_key)}; platform.getSessionToken({ scope: ['provider.profile.read'] }).catch(() => {})`,
      }),
    expect: ['scopes.provider-for-patient'],
  },
  {
    app_key: 'growing',
    contexts: ['doctor-profile'],
    page: (p) =>
      html({
        ...p,
        script: `${init(p.app_key)}; setInterval(() => document.querySelector('main').append(Object.assign(document.createElement('p'), { textContent: 'more' })), 400)`,
      }),
    expect: ['layout.height'],
  },
  {
    app_key: 'fold',
    page: (p) =>
      html({
        ...p,
        body: '<button style="position: fixed; bottom: -150px; left: 0">Save</button>',
      }),
    expect: ['layout.below-fold'],
  },
  {
    app_key: 'wide',
    page: (p) => html({ ...p, body: '<div style="width: 900px">A wide table</div>' }),
    expect: ['layout.phone-overflow'],
  },
  {
    app_key: 'rtl',
    page: (p) => html({ ...p, html: 'lang="fa"', body: '<p>سلام، این ویجت فارسی است.</p>' }),
    expect: ['layout.rtl-dir'],
  },
  {
    app_key: 'connect',
    page: (p) => html(p, { headers: { 'content-security-policy': "connect-src 'self'" } }),
    expect: ['toplevel.connect-src'],
  },
  {
    app_key: 'token',
    page: (p) =>
      html({
        ...p,
        script: `${init(p.app_key)}; fetch('/api/me?token=${'t'.repeat(24)}').catch(() => {})`,
      }),
    expect: ['toplevel.token-in-url'],
  },
  {
    // A start page that moves on with a token in its URL at load, as a name the script puts
    // together (no text to find): seen only by loading the page.
    app_key: 'start-page',
    topLevelPages: ['/app/start.html'],
    page: (p) =>
      html(p, {
        routes: {
          '/app/start.html': {
            html: `<!doctype html><html lang="en"><head><title>Start</title></head><body><p>Starting…</p><script>location.replace('/app/next.html?' + ['session', 'token'].join('_') + '=' + 'x'.repeat(24))</script></body></html>`,
          },
        },
      }),
    expect: ['toplevel.token-in-url'],
    where: 'top-level /app/start.html',
  },
  {
    // The real widget's start page: a token at load, then the token in the next page's URL. The
    // check does not sign in, so the URL is read from the script.
    app_key: 'start-signin',
    scopes: ['provider.profile.read'],
    topLevelPages: ['/app/start.html'],
    page: (p) =>
      html(p, {
        routes: {
          '/app/start.html': {
            html: widgetHtml({
              ...p,
              script: `try { ${init(p.app_key)}; const token = await platform.getSessionToken({ scope: ['provider.profile.read'] }); location.replace('button.php?session_token=' + token) } catch (e) { console.info(e.code) }`,
            }),
          },
        },
      }),
    expect: ['toplevel.token-in-url'],
    // The scope was asked on the page that left: its calls are kept across the navigation.
    absent: ['scopes.never-asked'],
    absentNotInFirefox:
      "the page hands its record over at each call, and Firefox drops what a page sends as it leaves: the calls made just before the sign-in's navigation are lost, so check notes scopes.never-asked falsely",
    where: 'top-level /app/start.html',
  },
  {
    app_key: 'console',
    page: (p) =>
      html({
        ...p,
        script: `${init(p.app_key)}; console.error('boom'); console.error('boom'); console.warn('careful')`,
      }),
    expect: ['console.error', 'console.warning'],
  },
  {
    // Console values that are not strings: an Error, an object.
    app_key: 'console-values',
    page: (p) =>
      html({
        ...p,
        script: `${init(p.app_key)}; console.error('Init error:', new Error('no backend')); console.warn('Config:', { retries: 2 })`,
      }),
    expect: ['console.error', 'console.warning'],
    says: ['Init error: no backend', 'Config: {"retries":2}'],
    saysNot: ['JSHandle', '[object Object]', 'Error: no backend'],
  },
  {
    // A font and a prefetch link that are not there (404): the page works, the files are missing.
    app_key: 'failed-load',
    page: (p) =>
      html(
        {
          ...p,
          head: `<link rel="prefetch" href="/next/missing.js"><style>@font-face { font-family: Vazir; src: url(/fonts/missing.woff2) format("woff2") } h1 { font-family: Vazir, sans-serif }</style>`,
        },
        {
          routes: {
            '/fonts/missing.woff2': { status: 404, html: 'not found' },
            '/next/missing.js': { status: 404, html: 'not found' },
          },
        },
      ),
    expect: ['page.failed-load'],
    absent: ['console.error'],
    says: ['/fonts/missing.woff2 (HTTP 404)'],
  },
  {
    app_key: 'a11y',
    page: (p) => html({ ...p, body: '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">' }),
    expect: ['a11y.image-alt'],
  },
]
