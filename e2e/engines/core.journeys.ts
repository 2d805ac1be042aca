// Long: the journeys every engine runs, one list for every engine project.
import { PANEL, plantFocusThief, THIRD } from '../helpers'
import {
  begin,
  call,
  clickControl,
  type DialogView,
  dialog,
  dialogNamed,
  focusWidget,
  initialized,
  noDialog,
  openPanel,
  outcome,
  panelFocus,
  panelState,
  until,
  WIDGET_FRAME,
  widgetReady,
} from './app'
import type { Driver } from './driver'
import { expect, test } from './fixtures'
import { accountForKeys, escapeAway } from './stray-keys'

/**
 * The core journeys, once, for every engine: the Playwright projects `engines:chromium`,
 * `engines:firefox` and `engines:webkit` run this file with their own Driver.
 */

const PROFILE = ['provider.profile.read']

test('initialize resolves with the widget, its context and locale', async ({ driver }) => {
  expect(await initialized(driver, 'context=doctor-profile&locale=fa')).toEqual({
    ok: true,
    value: expect.objectContaining({
      app_key: 'test-widget',
      context: 'doctor-profile',
      locale: 'fa',
    }),
  })
})

test('consent: Allow resolves with a session token and the backend issued it', async ({
  driver,
}) => {
  await initialized(driver)
  const id = await begin(driver, 'getSessionToken', { scope: PROFILE })
  await dialogNamed(driver, /asks for access/)
  await clickControl(driver, /^Allow$/)
  const result = await outcome(driver, id)
  expect(result).toMatchObject({ ok: true })
  expect(result.value).toMatch(/^st_/)
  expect((await panelState(driver)).tokens).toBe(1)
  await noDialog(driver)
})

// Once, on every engine: e2e/bridge.spec.ts had the same three on Chromium alone.
for (const how of ['the close button', 'Esc', 'the cancel button'] as const) {
  test(`consent: closing with ${how} rejects with USER_CLOSED_POPUP and issues no token`, async ({
    driver,
  }) => {
    await initialized(driver)
    const id = await begin(driver, 'getSessionToken', { scope: PROFILE })
    await dialogNamed(driver, /asks for access/)
    if (how === 'Esc') await driver.press('Escape')
    else await clickControl(driver, how === 'the close button' ? /^Close$/ : /^Cancel$/)
    expect(await outcome(driver, id)).toMatchObject({
      ok: false,
      name: 'PlatformError',
      code: 'USER_CLOSED_POPUP',
    })
    await noDialog(driver)
    expect((await panelState(driver)).tokens).toBe(0)
  })
}

test('pay: confirming charges once and reports success with a receipt', async ({ driver }) => {
  await initialized(driver)
  const id = await begin(driver, 'payment.pay', { product_key: 'pro', payload: { order: 7 } })
  const view = await dialogNamed(driver, /^Payment$/)
  expect(view.cells).toEqual(['Pro <script>alert(1)</script> plan', '1,250,000 Rials'])
  await clickControl(driver, /^Pay 1,250,000 Rials$/)
  const result = await outcome(driver, id)
  expect(result).toMatchObject({
    ok: true,
    value: { event: 'PLATFORM_PAYMENT_SUCCESS', product_key: 'pro', payload: { order: 7 } },
  })
  expect((await panelState(driver)).charges).toEqual([
    {
      kind: 'pay',
      app_key: 'test-widget',
      amount: 1250000,
      receipt_id: result.value.receipt_id,
      payload: { order: 7 },
    },
  ])
  expect(await driver.evaluate(WIDGET_FRAME, () => window.received.length, null)).toBe(1)
})

test('pay: Cancel reports PLATFORM_PAYMENT_CANCEL and charges nothing', async ({ driver }) => {
  await initialized(driver)
  const id = await begin(driver, 'payment.pay', { product_key: 'basic', payload: 'p' })
  await dialogNamed(driver, /^Payment$/)
  await clickControl(driver, /^Cancel$/)
  expect(await outcome(driver, id)).toEqual({
    ok: true,
    value: { event: 'PLATFORM_PAYMENT_CANCEL', product_key: 'basic', payload: 'p' },
  })
  expect((await panelState(driver)).charges).toEqual([])
})

test('pay, declined: the dialog says so with Close focused, Enter closes it, the widget gets PLATFORM_PAYMENT_ERROR', async ({
  driver,
}) => {
  await initialized(driver)
  await driver.evaluate(
    'top',
    () => {
      window.backend.behavior.pay = 'decline'
    },
    null,
  )
  const id = await begin(driver, 'payment.pay', { product_key: 'pro' })
  await dialogNamed(driver, /^Payment$/)
  await clickControl(driver, /^Pay 1,250,000 Rials$/)
  const failed = await until(async () => {
    const view = await dialog(driver)
    return view?.failed && view.focused === 'Close' ? view : null
  }, 'the dialog to say it failed, with Close focused')
  expect(failed.alert).toBe(
    'This did not go through: the platform reported an error. Close this window.',
  )
  // No confirm any more: the × and the footer's Close.
  expect(failed.controls.map((c) => c.label)).toEqual(['Close', 'Close'])
  expect(failed.focusedTag).toBe('BUTTON')
  await driver.press('Enter')
  expect(await outcome(driver, id)).toEqual({
    ok: true,
    value: { event: 'PLATFORM_PAYMENT_ERROR', product_key: 'pro', message: 'Payment declined' },
  })
  await noDialog(driver)
  expect((await panelState(driver)).charges).toEqual([])
})

test('doctor service: amount, VAT and payable are shown and charged', async ({ driver }) => {
  await initialized(driver, 'context=doctor-profile')
  const id = await begin(driver, 'payment.payForDoctorService', {
    amount: 12345,
    payload: 'visit-9',
  })
  const view = await dialogNamed(driver, /doctor service/)
  expect(view.cells).toEqual(['12,345 Rials', '370 Rials', '12,715 Rials'])
  await clickControl(driver, /^Pay 12,715 Rials$/)
  expect(await outcome(driver, id)).toMatchObject({
    ok: true,
    value: {
      event: 'PLATFORM_PAYMENT_DOCTOR_SERVICE_SUCCESS',
      amount: 12345,
      vat: 370,
      payable: 12715,
      payload: 'visit-9',
    },
  })
  expect((await panelState(driver)).charges.map((c) => c.amount)).toEqual([12715])
})

test('doctor service in Persian: Persian digits and ریال', async ({ driver }) => {
  await initialized(driver, 'context=doctor-profile&locale=fa')
  const id = await begin(driver, 'payment.payForDoctorService', { amount: 500000 })
  const view = await until(dialog.bind(null, driver), 'the dialog')
  expect(view.cells).toEqual(['۵۰۰٬۰۰۰ ریال', '۱۵٬۰۰۰ ریال', '۵۱۵٬۰۰۰ ریال'])
  await driver.press('Escape')
  expect(await outcome(driver, id)).toMatchObject({
    ok: true,
    value: { event: 'PLATFORM_PAYMENT_DOCTOR_SERVICE_CANCEL', amount: 500000 },
  })
})

test('SMS: activate, then top up a chosen package', async ({ driver }) => {
  await initialized(driver)
  const activated = await begin(driver, 'sms.activate')
  await dialogNamed(driver, /^Activate SMS$/)
  await clickControl(driver, /^Activate$/)
  expect(await outcome(driver, activated)).toEqual({
    ok: true,
    value: { event: 'PLATFORM_SMS_ACTIVATE_SUCCESS' },
  })
  expect((await panelState(driver)).smsActive).toBe(true)

  const charged = await begin(driver, 'sms.charge')
  await dialogNamed(driver, /^Top up SMS credit$/)
  await clickControl(driver, /500 SMS/)
  await clickControl(driver, /^Buy$/)
  const result = await outcome(driver, charged)
  expect(result).toMatchObject({
    ok: true,
    value: { event: 'PLATFORM_SMS_CHARGE_SUCCESS', count: 500, price: 450000 },
  })
  expect(result.value.receipt_id).toMatch(/^sms_/)
})

test('redirect: the panel navigates on its own origin; a foreign URL is refused', async ({
  driver,
}) => {
  await initialized(driver)
  expect(await call(driver, 'redirect.dispatch', { path: '/appointments/today' })).toMatchObject({
    ok: true,
  })
  expect(await call(driver, 'redirect.dispatch', { path: '//evil.example' })).toMatchObject({
    ok: false,
    code: 'INVALID_ARGUMENT',
    field: 'path',
  })
  expect((await panelState(driver)).navigations).toEqual([`${PANEL}/appointments/today`])
})

test('flow: BOOKING.RECEIPT reaches the booking page’s handler', async ({ driver }) => {
  await initialized(driver, 'context=booking-flow')
  expect(await call(driver, 'flow.dispatch', 'BOOKING.RECEIPT')).toMatchObject({ ok: true })
  expect((await panelState(driver)).flows).toEqual(['BOOKING.RECEIPT'])
})

test('auto-height: the iframe follows the widget’s content height', async ({ driver }) => {
  await initialized(driver)
  const heights = () =>
    Promise.all([
      driver.evaluate(
        'top',
        (s) => document.querySelector(s)!.getBoundingClientRect().height,
        WIDGET_FRAME,
      ),
      driver.evaluate(
        WIDGET_FRAME,
        () => Math.ceil(document.documentElement.getBoundingClientRect().height),
        null,
      ),
    ])
  await driver.evaluate(WIDGET_FRAME, () => window.setFiller(640), null)
  const [tall, content] = await until(async () => {
    const h = await heights()
    return h[0] > 640 && h[0] === h[1] ? h : null
  }, 'the iframe to grow to its content')
  expect(tall).toBe(content)
  await driver.evaluate(WIDGET_FRAME, () => window.setFiller(100), null)
  await until(async () => (await heights())[0] < 200, 'the iframe to shrink')
  expect(
    await driver.evaluate(
      WIDGET_FRAME,
      () => document.documentElement.scrollHeight <= innerHeight,
      null,
    ),
  ).toBe(true)
})

/** The widget frame's height in the panel, and in the widget its viewport and content height. */
function frameSize(driver: Driver) {
  return Promise.all([
    driver.evaluate(
      'top',
      (s) => document.querySelector(s)!.getBoundingClientRect().height,
      WIDGET_FRAME,
    ),
    driver.evaluate(
      WIDGET_FRAME,
      () => ({ inner: innerHeight, scroll: document.documentElement.scrollHeight }),
      null,
    ),
  ]).then(([frame, { inner, scroll }]) => ({ frame, inner, scroll }))
}

test('auto-height: a widget that asks for consent at load gets its height after Allow', async ({
  driver,
}) => {
  await openPanel(driver, 'page=height-consent.html')
  await dialogNamed(driver, /asks for access/)
  await clickControl(driver, /^Allow$/)
  expect(
    await until(
      () => driver.evaluate(WIDGET_FRAME, () => window.tokenResult, null),
      'the token in the widget',
    ),
  ).toEqual({ ok: true })
  // Two 200 px blocks, a heading and a status line: the frame holds them all, no inner scroll.
  const size = await until(async () => {
    const s = await frameSize(driver)
    return s.frame > 450 && s.scroll <= s.inner ? s : null
  }, 'the frame to take its content height after Allow')
  expect(size.frame).toBe(size.inner)
})

test('auto-height: a min-height: 100vh body shrinks when a section closes', async ({ driver }) => {
  await initialized(driver, 'page=height-vh.html')
  await until(async () => (await frameSize(driver)).frame > 800, 'the frame to hold the section')
  await driver.evaluate(WIDGET_FRAME, () => window.closeSection(), null)
  // The heading and one 200 px block are left: 600 px must not stay blank.
  const size = await until(async () => {
    const s = await frameSize(driver)
    return s.frame < 400 ? s : null
  }, 'the frame to shrink')
  expect(size.frame).toBeGreaterThan(200)
  expect(size.scroll).toBeLessThanOrEqual(size.inner)
})

test('auto-height: a fixed-position loading screen is not cut off, and the frame shrinks after it', async ({
  driver,
}) => {
  await initialized(driver, 'page=height-loading.html')
  // The loading screen's last line lies below 400 px of card: the frame grows to show it.
  await until(
    () =>
      driver.evaluate(
        WIDGET_FRAME,
        () => document.getElementById('last')!.getBoundingClientRect().bottom <= innerHeight,
        null,
      ),
    'the loading screen’s last line in view',
  )
  // The card and the last line (about 450 px), not a frame that grows without end.
  const shown = (await frameSize(driver)).frame
  expect(shown).toBeGreaterThan(400)
  expect(shown).toBeLessThan(600)
  await driver.evaluate(WIDGET_FRAME, () => window.hideLoading(), null)
  await until(
    async () => (await frameSize(driver)).frame < 100,
    'the frame to shrink to its heading',
  )
})

test('a quiet console: mounting, handshaking, reloading and unmounting a widget log nothing', async ({
  driver,
}, testInfo) => {
  testInfo.skip(!driver.logs, `${driver.engine}: its driver gives no console log`)
  // Everything logged so far (driver.logs() hands each line over once).
  const seen: string[] = []
  const logs = () => {
    seen.push(...driver.logs!())
    return seen
  }
  await openPanel(driver)
  await widgetReady(driver)
  // The log is read: a line the widget and the panel write reaches it (a control, then cleared).
  await driver.evaluate(WIDGET_FRAME, () => console.warn('probe from the widget'), null)
  await driver.evaluate('top', () => console.warn('probe from the panel'), null)
  expect(
    await until(async () => {
      const lines = logs()
      return lines.length >= 2 ? lines : null
    }, 'the probes in the log'),
  ).toEqual([
    expect.stringContaining('probe from the widget'),
    expect.stringContaining('probe from the panel'),
  ])
  seen.length = 0
  expect(await driver.evaluate(WIDGET_FRAME, () => window.init(), null)).toMatchObject({ ok: true })
  expect(await call(driver, 'redirect.dispatch', { path: '/x' })).toMatchObject({ ok: true })
  // The widget reloads (started in a timer, not awaited from inside the page), connects again.
  await driver.evaluate(WIDGET_FRAME, () => void setTimeout(() => location.reload()), null)
  await until(
    () => driver.evaluate(WIDGET_FRAME, () => window.calls === undefined && !!window.settle, null),
    'the reloaded widget',
  )
  expect(await driver.evaluate(WIDGET_FRAME, () => window.init(), null)).toMatchObject({ ok: true })
  expect(await call(driver, 'redirect.dispatch', { path: '/y' })).toMatchObject({ ok: true })
  await driver.evaluate('top', () => window.mounted['test-widget'].unmount(), null)
  expect(await driver.evaluate('top', () => document.querySelector('iframe'), null)).toBeNull()
  // A last round trip through the panel, so that anything logged on the way has arrived.
  await driver.evaluate('top', () => console.debug('end of the journey'), null)
  const lines = await until(async () => {
    const all = logs()
    return all.some((l) => l.includes('end of the journey')) ? all : null
  }, 'the end marker')
  expect(lines.filter((l) => !l.includes('end of the journey'))).toEqual([])
})

test('an untrusted embedder is refused with UNTRUSTED_HOST within 2 s', async ({ driver }) => {
  await driver.goto(`${THIRD}/e2e/fixtures/embedder.html`)
  await widgetReady(driver, '#widget')
  const result = await driver.evaluate(
    '#widget',
    async () => {
      const started = performance.now()
      const settled = await window.init()
      return { settled, ms: performance.now() - started }
    },
    null,
  )
  expect(result.settled).toMatchObject({ ok: false, code: 'UNTRUSTED_HOST' })
  // The refusal needs no network round trip (typically a few ms); the 2 s bound is well under
  // the 5 s handshake timeout a slower path would hit.
  expect(result.ms).toBeLessThan(2000)
  expect(
    await driver.evaluate('#widget', () => window.callApi('getSessionToken', {}), null),
  ).toMatchObject({ ok: false, code: 'NOT_INITIALIZED' })
})

test('forged messages from a third-origin frame on the panel are ignored', async ({ driver }) => {
  await initialized(driver)
  // Record the ids of the widget's calls, so the forger can answer a real pending call.
  await driver.evaluate(
    WIDGET_FRAME,
    () => {
      window.sentCalls = []
      const post = MessagePort.prototype.postMessage
      MessagePort.prototype.postMessage = function (this: MessagePort, ...a: unknown[]) {
        const m = a[0] as { type?: string; id?: string }
        if (m?.type === 'CALL') window.sentCalls.push(m.id)
        return (post as (...b: unknown[]) => void).apply(this, a)
      } as typeof post
      window.sentinels = 0
      addEventListener('message', (e) => {
        if (e.data?.sentinel) window.sentinels++
      })
    },
    null,
  )
  const paid = await begin(driver, 'payment.pay', { product_key: 'pro' })
  await dialogNamed(driver, /^Payment$/)
  const callId = await driver.evaluate(WIDGET_FRAME, () => window.sentCalls.at(-1), null)
  await driver.evaluate(
    'top',
    (src) => {
      window.sentinels = 0
      addEventListener('message', (e) => {
        if (e.data?.sentinel) window.sentinels++
      })
      const iframe = document.createElement('iframe')
      iframe.id = 'forger'
      iframe.title = 'forger'
      iframe.src = src
      document.body.append(iframe)
    },
    `${THIRD}/e2e/fixtures/hostile-forger.html`,
  )
  await until(
    () => driver.evaluate('#forger', () => typeof window.forge === 'function', null),
    'the forger',
  )
  const index = await driver.evaluate(
    'top',
    (s) => {
      const target = document.querySelector<HTMLIFrameElement>(s)!.contentWindow
      for (let i = 0; i < frames.length; i++) if (frames[i] === target) return i
      return -1
    },
    WIDGET_FRAME,
  )
  const success = {
    event: 'PLATFORM_PAYMENT_SUCCESS',
    receipt_id: 'rcpt_forged',
    product_key: 'pro',
  }
  const forged = [
    {
      data: {
        namespace: 'penpal',
        type: 'SYN',
        participantId: 'ffffffff-ffff-4fff-bfff-ffffffffffff',
      },
    },
    { data: { namespace: 'penpal', type: 'ACK1', methodPaths: [['pay']] } },
    { data: { namespace: 'penpal', type: 'ACK2' }, port: true },
    {
      data: {
        namespace: 'penpal',
        type: 'CALL',
        id: 'f1',
        methodPath: ['pay'],
        args: [{ product_key: 'pro' }],
      },
    },
    { data: { namespace: 'penpal', type: 'REPLY', callId, value: { ok: true, value: success } } },
    { data: { namespace: 'penpal', type: 'DESTROY' } },
    {
      data: {
        penpal: 'reply',
        id: callId,
        resolution: 'fulfilled',
        returnValue: { ok: true, value: success },
      },
    },
    { data: { sentinel: true } },
  ]
  for (const target of ['parent', index] as const) {
    await driver.evaluate('#forger', ([t, m]) => window.forge(t, m), [target, forged] as const)
  }
  // Messages from one window to another arrive in order: once the sentinel has arrived, every
  // forged message before it has been handled.
  await until(
    () => driver.evaluate('top', () => window.sentinels === 1, null),
    'the sentinel (panel)',
  )
  await until(
    () => driver.evaluate(WIDGET_FRAME, () => window.sentinels === 1, null),
    'the sentinel (widget)',
  )
  expect(
    await driver.evaluate(WIDGET_FRAME, () => [window.calls[0], window.received], null),
  ).toEqual([null, []])
  expect((await dialog(driver))?.name).toBe('Payment')
  // The real payment still goes through, once, with the real receipt.
  await clickControl(driver, /^Pay/)
  const result = await outcome(driver, paid)
  expect(result.value).toMatchObject({ event: 'PLATFORM_PAYMENT_SUCCESS', product_key: 'pro' })
  expect(result.value.receipt_id).not.toBe('rcpt_forged')
  expect((await panelState(driver)).charges.map((c) => c.kind)).toEqual(['pay'])
  expect(await driver.evaluate('#forger', () => window.heard, null)).toEqual([])
})

/** Each dialog: how to open it, the query it needs, and its confirm button. */
const dialogs = [
  { kind: 'consent', path: 'getSessionToken', arg: { scope: PROFILE }, confirm: /^Allow$/ },
  { kind: 'payment', path: 'payment.pay', arg: { product_key: 'pro' }, confirm: /^Pay/ },
  {
    kind: 'subscription',
    path: 'payment.subscribe',
    arg: { plan_key: 'monthly' },
    confirm: /^Subscribe$/,
  },
  { kind: 'SMS activation', path: 'sms.activate', arg: undefined, confirm: /^Activate$/ },
  { kind: 'SMS top-up', path: 'sms.charge', arg: undefined, confirm: /^Buy$/ },
  {
    kind: 'doctor service',
    path: 'payment.payForDoctorService',
    arg: { amount: 1000 },
    confirm: /^Pay/,
    query: 'context=doctor-profile',
  },
] as const

for (const k of dialogs) {
  test(`keyboard: the ${k.kind} dialog takes focus, Tab reaches confirm, Enter confirms, focus returns to the widget`, async ({
    driver,
  }) => {
    await initialized(driver, 'query' in k ? k.query : '')
    await focusWidget(driver)
    const id = await (k.arg === undefined ? begin(driver, k.path) : begin(driver, k.path, k.arg))
    const opened = await until(async () => {
      const view = await dialog(driver)
      return view?.focused ? view : null
    }, 'focus in the dialog')
    // Focus moved into the dialog, on its heading.
    expect(opened.focusedTag).toBe('H2')
    const onConfirm = (view: DialogView | null) =>
      view?.focusedTag === 'BUTTON' && k.confirm.test(view.focused ?? '')
    for (let i = 0; i < 8 && !onConfirm(await dialog(driver)); i++) await driver.press('Tab')
    const focused = await dialog(driver)
    expect([focused?.focusedTag, focused?.focused]).toEqual([
      'BUTTON',
      expect.stringMatching(k.confirm),
    ])
    await until(async () => (await dialog(driver))?.confirmActive, 'the confirm button active')
    await driver.press('Enter')
    expect(await outcome(driver, id)).toMatchObject({ ok: true })
    await noDialog(driver)
    await until(async () => (await panelFocus(driver)) === 'IFRAME', 'focus back in the widget')
  })
}

test('keyboard: Esc closes a dialog and focus returns to the widget', async ({ driver }) => {
  await initialized(driver)
  await focusWidget(driver)
  const id = await begin(driver, 'payment.pay', { product_key: 'pro' })
  await until(async () => (await dialog(driver))?.focused, 'focus in the dialog')
  await driver.press('Escape')
  expect(await outcome(driver, id)).toMatchObject({
    ok: true,
    value: { event: 'PLATFORM_PAYMENT_CANCEL' },
  })
  await noDialog(driver)
  await until(async () => (await panelFocus(driver)) === 'IFRAME', 'focus back in the widget')
})

test('focus theft: a widget the user clicked before that takes focus from a dialog gets no keystroke but in a grab’s few ms, is not ended, and Esc still closes the dialog', async ({
  driver,
}) => {
  // WebKit lets a widget the user has clicked at any time before take focus by script although
  // its frame is `display: none` and `inert` behind a dialog, and Chromium lets any hidden frame
  // take it now and then; Firefox never does. The host takes focus back each time and pauses the
  // dialog; it ends no widget, since any frame could have focused that one. A key typed between
  // a grab and the reclaim still reaches the thief (two Tabs of five in a CI run in Chromium):
  // `accountForKeys` holds what the host guarantees there. Not in WebKit, whose grabs win more
  // often: one loaded run of 25 gave the thief 5 of 8 keys (3 Tabs, 2 of 3 Escapes).
  test.fixme(
    driver.engine === 'webkit',
    'WebKit: a frame the user clicked before can take most keys typed while it grabs',
  )
  const SECOND = 'iframe[data-app-key="second-widget"]'
  await openPanel(driver, 'smsActive&mount=test-widget,second-widget')
  for (const frame of [WIDGET_FRAME, SECOND]) {
    await widgetReady(driver, frame)
    expect(await driver.evaluate(frame, () => window.init(), null)).toMatchObject({ ok: true })
  }
  // The thief: a field, a key logger that sends each key out to the page, a grab every 10 ms.
  await driver.evaluate(WIDGET_FRAME, plantFocusThief, null)
  // The user's earlier click in it: the activation WebKit keeps letting it use.
  await focusWidget(driver)
  // The victim's dialog, asked for by the other widget.
  await driver.evaluate(
    SECOND,
    () => {
      window.charged = null
      window.callApi('sms.charge').then((r: unknown) => {
        window.charged = r
      })
    },
    null,
  )
  await until(async () => (await dialog(driver))?.focused, 'focus in the dialog')
  // Nothing runs in a widget from here on: a driver's script call may count as a user gesture.
  // WebKit, and Chromium without the policy's trial token, let the hidden frame take focus now
  // and then: the dialog pauses once it has (the confirm stays inactive). Firefox never lets it.
  const grabs = driver.engine !== 'firefox'
  if (grabs)
    await until(
      () =>
        driver.evaluate(
          'top',
          () =>
            !!document
              .querySelector('[data-platform-dialogs]')
              ?.shadowRoot?.querySelector('dialog[open] p[role=status]:not([hidden])'),
          null,
        ),
      'the dialog paused',
    )
  else await until(async () => (await dialog(driver))?.confirmActive, 'the dialog keeping focus')
  // At a person's pace: the input of the attack, not a wait for a state.
  const typed: string[] = []
  for (let i = 0; i < 5; i++) {
    await driver.press('Tab')
    typed.push('Tab')
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  typed.push(...(await escapeAway(driver)))
  expect(
    await until(() => driver.evaluate(SECOND, () => window.charged, null), 'the victim’s answer'),
  ).toMatchObject({ ok: false, code: 'USER_CLOSED_POPUP' })
  await noDialog(driver)
  await accountForKeys(driver, typed, { grabs })
  const { violations, thief } = await driver.evaluate(
    'top',
    () => ({
      violations: window.violations as unknown[],
      thief: document.querySelectorAll('iframe[data-app-key="test-widget"]').length,
    }),
    null,
  )
  expect({ violations, thief }).toEqual({ violations: [], thief: 1 })
})

test('a deliberate click about 600 ms after the dialog has come to rest confirms it', async ({
  driver,
}) => {
  // The confirm arms 500 ms after the opening animation has ended. Counted from
  // the animation's start, the dialog moved during the first position check, the delay began
  // again, and it armed after about 1 s: a deliberate click at 600 ms was ignored.
  await initialized(driver)
  const id = await begin(driver, 'payment.pay', { product_key: 'pro' })
  // When the dialog came to rest, in the panel's clock: its opening animations have finished.
  // Watched from the first poll that finds it open, so never earlier than the host's own rest.
  await until(
    () =>
      driver.evaluate(
        'top',
        () => {
          const open = document
            .querySelector('[data-platform-dialogs]')
            ?.shadowRoot?.querySelector('dialog[open]')
          if (!open) return false
          if (window.restAt === undefined) {
            window.restAt = null
            Promise.all(open.getAnimations().map((a) => a.finished)).then(() => {
              window.restAt = performance.now()
            })
          }
          return true
        },
        null,
      ),
    'the dialog',
  )
  await until(async () => (await dialog(driver))?.focused, 'focus in the dialog')
  await until(
    () =>
      driver.evaluate(
        'top',
        () => typeof window.restAt === 'number' && performance.now() - window.restAt >= 600,
        null,
      ),
    'about 600 ms after the dialog came to rest',
  )
  const pay = (await dialog(driver))?.controls.find((c) => /^Pay/.test(c.label))
  expect(pay).toBeDefined()
  await driver.click(pay!.x, pay!.y)
  expect(await outcome(driver, id)).toMatchObject({
    ok: true,
    value: { event: 'PLATFORM_PAYMENT_SUCCESS', product_key: 'pro' },
  })
  expect((await panelState(driver)).charges).toHaveLength(1)
})

test('a popup the widget opens after a click cannot move the panel tab to its own page', async ({
  driver,
}) => {
  // Popup takeover. The widget's bait: a button that opens a page of another site in a
  // popup; that page sets `opener.top.location`, the panel's tab. Firefox ESR let it while
  // widget frames had `allow-popups-to-escape-sandbox`: the popup was not sandboxed, so it could
  // navigate any top-level window it could reach. Without it the popup keeps the frame's sandbox
  // (no top navigation), and links leave through `platform.openLink`, which the host opens.
  await initialized(driver)
  const inFrame = await driver.evaluate(
    WIDGET_FRAME,
    (third) => {
      const button = document.createElement('button')
      button.textContent = 'Claim your prize'
      document.body.prepend(button)
      window.takeover = null
      window.addEventListener('message', (event) => {
        if (event.data?.takeover) window.takeover = event.data.takeover
      })
      button.addEventListener('click', () => {
        window.open(`${third}/e2e/fixtures/popup-takeover.html`)
      })
      const r = button.getBoundingClientRect()
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 }
    },
    THIRD,
  )
  const frame = await driver.evaluate(
    'top',
    (selector) => {
      const r = document.querySelector(selector)!.getBoundingClientRect()
      return { x: r.x, y: r.y }
    },
    WIDGET_FRAME,
  )
  const panel = await driver.evaluate('top', () => location.href, null)
  // The user's own click, in the widget: the activation a popup needs.
  await driver.click(frame.x + inFrame.x, frame.y + inFrame.y)
  // Either the popup reports what its attempt did, or the panel's tab has moved.
  const result = await until(async () => {
    const now = await driver.evaluate('top', () => location.href, null)
    if (now !== panel) return `the panel's tab moved to ${now}`
    return driver.evaluate(WIDGET_FRAME, () => window.takeover, null)
  }, 'the popup to try to move the panel')
  expect(result).toMatch(/^refused: SecurityError$/)
  expect(await driver.evaluate('top', () => [location.href, window.hostReady], null)).toEqual([
    panel,
    true,
  ])
})
