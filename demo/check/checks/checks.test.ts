// Each check on a hand-made observation: a row per finding, with the one fact that makes it,
// and an observation with nothing wrong that makes none.
import { describe, expect, it } from 'vitest'
import type { Observation } from '../observation.js'
import { observation, PANEL, probe, URL_ } from '../test-observation.js'
import { CHECKS } from './index.js'
import { keyOf } from './initialize.js'
import { askedScopes, namedScopes, unaskedScopes, unregisteredScopes } from './scopes.js'
import { tokenUrls } from './token-url.js'

const run = (o: Observation) => CHECKS.flatMap((check) => check(o))
const http = (over: Partial<Observation['http']>) => ({
  http: { url: URL_, status: 200, redirects: [], csp: [], ...over },
})
const rejected = { method: 'initialize', code: 'APP_KEY_MISMATCH', message: 'bound' }

const ROWS: [string, Partial<Observation>, string][] = [
  ['not shown', { framed: false }, 'panel.not-shown'],
  ['down', http({ status: undefined, error: 'ECONNREFUSED' }), 'page.unreachable'],
  ['an error status', http({ status: 404 }), 'page.status'],
  ['a redirect away', http({ redirects: ['https://elsewhere.example/'] }), 'page.redirect'],
  [
    'plain http in a secure page',
    { platform: 'https://panel.example', frameUrl: 'http://localhost:4405/' },
    'page.mixed-content',
  ],
  ['X-Frame-Options', http({ xFrameOptions: 'SAMEORIGIN' }), 'framing.x-frame-options'],
  ['frame-ancestors', http({ csp: ["frame-ancestors 'none'"] }), 'framing.frame-ancestors'],
  ['no SDK', { probe: probe({ script: undefined, calls: [] }) }, 'sdk.missing'],
  [
    'a copy of the SDK',
    { probe: probe({ script: { src: `${URL_}platform.js`, inHead: true, before: [] } }) },
    'sdk.origin',
  ],
  [
    'the SDK in body',
    { probe: probe({ script: { src: `${PANEL}/dist/platform.js`, inHead: false, before: [] } }) },
    'sdk.not-in-head',
  ],
  ['window.platform read early', { probe: probe({ readEarly: true }) }, 'sdk.order'],
  ['no initialize', { probe: probe({ calls: [] }) }, 'sdk.no-initialize'],
  [
    'another key',
    { probe: probe({ calls: [{ method: 'initialize', args: ['x'], afterInitialize: false }] }) },
    'sdk.app-key',
  ],
  [
    'an unhandled rejection (the page saw it)',
    { probe: probe({ rejected: [rejected], unhandled: [rejected] }) },
    'sdk.unhandled-rejection',
  ],
  [
    'an unhandled rejection (the browser saw it)',
    { probe: probe({ rejected: [rejected] }), pageErrors: [{ message: 'bound', stack: '' }] },
    'sdk.unhandled-rejection',
  ],
  [
    'a call before initialize',
    {
      probe: probe({
        calls: [
          { method: 'getSessionToken', args: [{ scope: [] }], afterInitialize: false },
          { method: 'initialize', args: [{ app_key: 'w' }], afterInitialize: false },
        ],
      }),
    },
    'sdk.before-initialize',
  ],
  [
    'a scope not enabled',
    {
      probe: probe({
        calls: [
          { method: 'initialize', args: [{ app_key: 'w' }], afterInitialize: false },
          {
            method: 'getSessionToken',
            args: [{ scope: 'provider.sms.read' }],
            afterInitialize: true,
          },
        ],
      }),
    },
    'scopes.not-enabled',
  ],
  [
    'a provider scope for a patient',
    {
      target: {
        app_key: 'w',
        label: 'doctor-profile',
        panelUrl: `${PANEL}/profile`,
        widgetUrl: URL_,
        context: 'doctor-profile',
      },
      probe: probe({
        calls: [
          { method: 'initialize', args: [{ app_key: 'w' }], afterInitialize: false },
          {
            method: 'getSessionToken',
            args: [{ scope: ['provider.profile.read'] }],
            afterInitialize: true,
          },
        ],
      }),
    },
    'scopes.provider-for-patient',
  ],
  ['a height still growing', { height: { settled: false, heights: ['900px'] } }, 'layout.height'],
  ['a height at the limit', { height: { settled: true, heights: ['10000px'] } }, 'layout.height'],
  [
    'a fixed control below the fold',
    { fullHeight: true, fixedOutside: [{ text: 'Save', below: 150 }] },
    'layout.below-fold',
  ],
  [
    'overflow at phone width',
    { phone: { scrollWidth: 900, clientWidth: 360 } },
    'layout.phone-overflow',
  ],
  ['a page never measured at phone width', { phone: undefined }, 'layout.phone-unmeasured'],
  ['Persian without dir', { rtl: { rtlText: true, dir: '', direction: 'ltr' } }, 'layout.rtl-dir'],
  ['connect-src', http({ csp: ["default-src 'self'"] }), 'toplevel.connect-src'],
  ['a token in a URL', { requests: [`${URL_}cb?access_token=abc`] }, 'toplevel.token-in-url'],
  ['a console error', { console: [{ level: 'error', text: 'boom' }] }, 'console.error'],
  ['a console warning', { console: [{ level: 'warning', text: 'hm' }] }, 'console.warning'],
  [
    'a file that did not load',
    { failed: [{ url: `${URL_}fonts/x.woff2`, why: 'HTTP 404' }] },
    'page.failed-load',
  ],
  [
    'an uncaught error of the page',
    { pageErrors: [{ message: 'x is undefined', stack: `at ${URL_}main.js:1` }] },
    'console.error',
  ],
  [
    'a serious axe violation',
    { axe: [{ id: 'button-name', impact: 'critical', help: 'Buttons have a name', nodes: 1 }] },
    'a11y.button-name',
  ],
]

describe('the checks', () => {
  it('find nothing in a widget with nothing wrong', () => {
    expect(run(observation())).toEqual([])
  })

  it.each(ROWS)('%s', (_, over, check) => {
    const found = run(observation(over))
    expect(found.map((f) => f.check)).toContain(check)
    for (const f of found) expect(f.seen && f.fix && f.title).toBeTruthy()
    // A note says why it appears: what the run saw.
    for (const f of found) if (f.severity === 'note') expect(f.why).toBeTruthy()
  })

  it('keep quiet about what they cannot know: moderate axe findings, a fixed control in reach', () => {
    const o = observation({
      axe: [{ id: 'region', impact: 'moderate', help: 'Landmarks', nodes: 3 }],
      fullHeight: true,
      height: { settled: false, heights: ['100%'] },
      rtl: { rtlText: true, dir: 'rtl', direction: 'rtl' },
    })
    expect(run(o)).toEqual([])
  })

  it("quote a console call in the probe's words, not the browser's", () => {
    const o = observation({
      probe: probe({ console: [{ level: 'error', text: 'Init error: no backend' }] }),
      console: [
        { level: 'error', text: 'Init error: JSHandle@error', call: true },
        { level: 'error', text: "Refused to load the script 'x.js'" },
      ],
    })
    const [finding] = run(o)
    expect(finding?.title).toBe(
      "Console errors while loading: Init error: no backend | Refused to load the script 'x.js'",
    )
  })

  it('name the production panel origins of the config in the framing fixes', () => {
    const prod = 'https://panel.example'
    const xfo = observation({ ...http({ xFrameOptions: 'DENY' }), panelOrigins: [prod] })
    expect(run(xfo)[0]!.fix).toContain(`frame-ancestors ${PANEL} ${prod}.`)
    // Without them, the fix says where to give them.
    const bare = run(observation(http({ xFrameOptions: 'DENY' })))[0]!.fix
    expect(bare).toContain(`frame-ancestors ${PANEL} and your production panel's origins`)
    expect(bare).toContain('"productionPanelOrigins"')
    // A policy that lets the dev panel frame it, not the production one.
    const dev = observation({
      ...http({ csp: [`frame-ancestors ${PANEL}`] }),
      panelOrigins: [prod],
    })
    expect(run(dev)).toEqual([
      expect.objectContaining({ check: 'framing.frame-ancestors', severity: 'warning' }),
    ])
    expect(run(dev)[0]!.title).toContain(prod)
  })

  it("leave a failed load to its note, not the console's words for it", () => {
    const font = `${URL_}fonts/x.woff2`
    const o = observation({
      failed: [{ url: font, why: 'HTTP 404' }],
      console: [{ level: 'error', text: 'Failed to load resource: the server responded with 404' }],
      pageErrors: [{ message: `downloadable font: download failed source: ${font}`, stack: font }],
    })
    expect(run(o).map((f) => f.check)).toEqual(['page.failed-load'])
  })

  it('warn of a URL a script builds with a token in it, where no such URL was seen', () => {
    const sources = ["location.replace('button.php?session_token=' + token)"]
    const [finding, ...rest] = run(observation({ sources }))
    expect(rest).toEqual([])
    expect(finding).toMatchObject({ check: 'toplevel.token-in-url', severity: 'warning' })
    expect(finding!.title).toContain('session_token=')
    // Vite's hot-reload client builds ?token= for its socket: not a widget's token.
    expect(run(observation({ sources: ['new WebSocket(`${host}?token=${wsToken}`)'] }))).toEqual([])
  })

  it('name both keys of a mismatch', () => {
    const o = observation({
      probe: probe({
        calls: [{ method: 'initialize', args: [{ app_key: 'hamgam' }], afterInitialize: false }],
      }),
      app: { app_key: 'calsync', scopes: [], contexts: ['doctor-panel'], url: URL_ },
    })
    const [finding] = run(o)
    expect(finding?.title).toContain('"hamgam"')
    expect(finding?.title).toContain('"calsync"')
  })
})

describe('the helpers of the checks', () => {
  it.each([
    [{ app_key: 'a' }, 'a'],
    [{ clientKey: 'b' }, 'b'],
    ['c', 'c'],
    [42, undefined],
  ])('keyOf(%j) is %j', (arg, key) => {
    expect(keyOf(arg)).toBe(key)
  })

  it('reads scopes as an array or one string', () => {
    expect(askedScopes([[{ scope: 'a b' }], [{ scope: ['c'] }], [null]])).toEqual(['a', 'b', 'c'])
    expect(unaskedScopes(['a', 'b'], ['a']).map((f) => f.check)).toEqual(['scopes.never-asked'])
    expect(unaskedScopes(['a'], ['a'])).toEqual([])
  })

  it('reads the scopes a script names: quoted, alone or in a list; not a table of them', () => {
    const click = `onclick = () => platform.getSessionToken({ scope: ['provider.sms.write', "user.profile.read provider.appointment.webhook"] })`
    expect(namedScopes([click])).toEqual([
      'provider.sms.write',
      'user.profile.read',
      'provider.appointment.webhook',
    ])
    // Not scopes: a file name, a property path, a dotted name under app. the platform lacks.
    expect(namedScopes([`'app.main.css'; x.provider.sms.write; "app.my.thing"`])).toEqual([])
    expect(namedScopes(['"app.chatbot.messaging"'])).toEqual(['app.chatbot.messaging'])
    // The SDK's own list, bundled with the widget's code, is not a request.
    const table = `const SCOPES = [${Array.from({ length: 12 }, (_, i) => `"provider.s${i}.read"`).join(', ')}]`
    expect(namedScopes([table])).toEqual([])
  })

  it('warns of a scope named but not enabled, once asked at load or enabled says nothing', () => {
    const named = ['provider.sms.write', 'provider.profile.read', 'user.profile.read']
    const [finding, ...rest] = unregisteredScopes(['provider.profile.read'], named, [
      'user.profile.read',
    ])
    expect(rest).toEqual([])
    expect(finding).toMatchObject({ check: 'scopes.named-not-enabled', severity: 'warning' })
    expect(finding!.title).toMatch(/: provider\.sms\.write$/)
    expect(unregisteredScopes(named, named, [])).toEqual([])
  })

  it('finds a token the SDK gave, and parameters named as tokens', () => {
    const token = 'eyJhbGciOiJFUzI1NiJ9.payload.sig'
    expect(tokenUrls([`https://x.example/?state=${token}`], [token])).toHaveLength(1)
    expect(tokenUrls(['https://x.example/#grant=1'], [])).toHaveLength(1)
    expect(tokenUrls(['https://x.example/?tokens=1&page=2'], [])).toEqual([])
  })
})
