// Long: the demo's journey, step by step on one shared demo.
// The whole journey on the running demo (`npm start`), across its origins: the panel on
// 127.0.0.1, each sample widget with its backend on a localhost port of its own, and the platform
// emulator.
import { expect, type Page, test } from '@playwright/test'
import {
  clickInWidget,
  confirm,
  DEMO,
  developerKey,
  emulator,
  openDemo,
  openDialog,
  widget,
} from './demo-helpers'

// One journey over one emulator state: the tests run in order, from a reset state.
test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  expect((await emulator('/internal/reset', { method: 'POST' })).status).toBe(200)
})

interface Delivery {
  id: string
  app_key: string
  type: string
  url: string
  status: string
  response_status?: number
  event: { type: string; app_key: string; data: Record<string, unknown> }
}
interface Received {
  id: string
  type: string
  event: { data: Record<string, unknown> }
}

/** The emulator's webhook deliveries for the payment `receipt_id`, once one is no longer pending. */
async function deliveryFor(receipt_id: string): Promise<Delivery> {
  let found: Delivery | undefined
  await expect
    .poll(async () => {
      const { body } = await emulator('/internal/webhooks')
      found = (body.deliveries as Delivery[]).find((d) => d.event.data.receipt_id === receipt_id)
      return found?.status
    })
    .toBe('delivered')
  return found!
}

/** The events a sample widget's backend verified and kept. */
async function receivedBy(app_key: string): Promise<Received[]> {
  const res = await fetch(`${DEMO.widgets[app_key]}/api/webhooks/${app_key}/events`)
  expect(res.status).toBe(200)
  return ((await res.json()) as { events: Received[] }).events
}

/** The webhook of a payment was sent, signed, and verified by the widget's backend. */
async function expectVerifiedWebhook(app_key: string, type: string, receipt_id: string) {
  const delivery = await deliveryFor(receipt_id)
  expect(delivery).toMatchObject({
    app_key,
    type,
    url: `${DEMO.widgets[app_key]}/api/webhooks/${app_key}`,
    status: 'delivered',
    response_status: 200,
  })
  expect(await receivedBy(app_key)).toContainEqual(
    expect.objectContaining({
      id: delivery.id,
      type,
      event: expect.objectContaining({ data: expect.objectContaining({ receipt_id }) }),
    }),
  )
  return delivery
}

/**
 * Console errors and uncaught exceptions (a CSP violation shows up there). The widgets' own 4xx
 * answers (409 before SMS is active, for one) are part of the journey and not counted.
 */
function watchConsole(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    const text = message.text()
    if (message.type() === 'error' && !/^Failed to load resource: .* status of 4\d\d/.test(text)) {
      errors.push(text)
    }
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

test('the pages are served under a strict CSP and default to Persian, right to left', async ({
  page,
}) => {
  const errors = watchConsole(page)
  const res = await page.goto(`${DEMO.panel}/panel`)
  const csp = res?.headers()['content-security-policy'] ?? ''
  expect(csp).toContain("script-src 'self'")
  expect(csp).toContain("style-src 'self'")
  expect(csp).not.toContain('unsafe-inline')
  expect(csp).toMatch(/frame-src [^;]+/)
  const frameSrc = /frame-src ([^;]+)/.exec(csp)![1]!.split(' ')
  expect(frameSrc.sort()).toEqual(Object.values(DEMO.widgets).sort())
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('html')).toHaveAttribute('lang', 'fa')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('داشبورد')
  const frame = await widget(page, 'demo-doctor')
  await expect(frame.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('دستیار مطب')

  // The consent dialog speaks Persian too; cancelling it reaches the widget as USER_CLOSED_POPUP.
  await clickInWidget(page, 'demo-doctor', '#connect')
  const consent = await openDialog(page, 'consent')
  await expect(consent).toHaveAttribute('dir', 'rtl')
  await expect(consent.getByRole('heading')).toHaveText('«دستیار مطب» درخواست دسترسی دارد')
  await consent.locator('[data-action="cancel"]').click()
  await expect(frame.locator('#account-result')).toContainText('USER_CLOSED_POPUP')

  // The English switch, in place: the widget's page is not reloaded (its mark stays), and it
  // redraws its own words; what it showed before stays.
  await frame.locator('body').evaluate(() => {
    ;(window as { mark?: number }).mark = 1
  })
  await page.getByRole('link', { name: 'English' }).click()
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard')
  await expect(page).toHaveTitle(/Dashboard/)
  await expect(page).toHaveURL(/[?&]lang=en/)
  await expect(page.getByRole('navigation', { name: 'Doctor panel' })).toContainText(
    'Clinic assistant',
  )
  await expect(page.locator('.inspector-toggle')).toHaveText('Bridge inspector')
  await expect(frame.locator('html')).toHaveAttribute('dir', 'ltr')
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText('Clinic assistant')
  await expect(frame.locator('#account-result')).toContainText('USER_CLOSED_POPUP')
  expect(await frame.locator('body').evaluate(() => (window as { mark?: number }).mark)).toBe(1)
  // The next dialog speaks English, and names the widget in English.
  await clickInWidget(page, 'demo-doctor', '#connect')
  const english = await openDialog(page, 'consent')
  await expect(english).toHaveAttribute('dir', 'ltr')
  await expect(english.getByRole('heading')).toContainText('Clinic assistant')
  await english.locator('[data-action="cancel"]').click()
  // A click with a modifier still opens the other language in a new tab.
  const back = page.getByRole('link', { name: 'فارسی' })
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    back.click({ modifiers: ['ControlOrMeta'] }),
  ])
  await expect(tab.locator('html')).toHaveAttribute('lang', 'fa')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await tab.close()
  expect(errors).toEqual([])
})

test('the three sample widgets run on three origins, each serving only its own pages', async ({
  page,
}) => {
  const seen: Record<string, string> = {}
  for (const [path, app_key] of [
    ['/panel?lang=en', 'demo-doctor'],
    ['/booking?lang=en', 'demo-booking'],
    ['/profile?lang=en', 'demo-profile'],
  ] as const) {
    await openDemo(page, path)
    await widget(page, app_key)
    const handle = await page.locator(`iframe[data-app-key="${app_key}"]`).elementHandle()
    // The origin the widget's document really runs on, read inside the frame.
    seen[app_key] = await (await handle!.contentFrame())!.evaluate(() => location.origin)
  }
  expect(seen).toEqual(DEMO.widgets)
  expect(new Set(Object.values(seen)).size).toBe(3)
  // The boundary is real: a sample's page, files and backend are not on another sample's origin.
  const doctor = DEMO.widgets['demo-doctor']!
  const booking = DEMO.widgets['demo-booking']!
  expect((await fetch(`${booking}/booking-addon/`)).status).toBe(200)
  expect((await fetch(`${doctor}/booking-addon/`)).status).toBe(404)
  expect((await fetch(`${booking}/doctor/`)).status).toBe(404)
  expect((await fetch(`${booking}/static/doctor/doctor.js`)).status).toBe(404)
  expect((await fetch(`${booking}/api/webhooks/demo-doctor/events`)).status).toBe(404)
})

test('doctor widget: consent, token exchange on its backend, then profile and catalog data', async ({
  page,
}) => {
  const errors = watchConsole(page)
  await openDemo(page, '/panel?lang=en')
  const frame = await widget(page, 'demo-doctor')
  await expect(frame.locator('#state')).toHaveText('Not connected')

  await clickInWidget(page, 'demo-doctor', '#connect')
  const consent = await openDialog(page, 'consent')
  await expect(consent.getByRole('heading')).toHaveText('Clinic assistant asks for access')
  await expect(consent.getByRole('listitem')).toHaveText([
    'See your profile, expertise and centers',
    'Search the prescription catalog and check insurance',
    'See your SMS credit',
    'Send SMS in your name',
  ])
  await confirm(consent)

  // The widget's backend exchanged the token and read the profile with it.
  await expect(frame.locator('#state')).toHaveText('Connected')
  await expect(frame.locator('#profile')).toContainText('Dr. Sara Ahmadi')
  await expect(frame.locator('#profile')).toContainText('متخصص قلب و عروق')
  await expect(frame.locator('#profile')).toContainText('123456')
  // The consent lives in the emulator, bound to the user and the widget.
  expect((await emulator('/internal/users/dr-1/apps/demo-doctor/consent')).body).toEqual({
    scopes: [
      'provider.profile.read',
      'provider.prescription.read',
      'provider.sms.read',
      'provider.sms.write',
    ],
  })

  // Catalog search with the defaults (tamin, drugs 79).
  await frame.locator('#q').fill('amox')
  await clickInWidget(page, 'demo-doctor', '#search')
  await expect(frame.locator('#search-result')).toHaveText('3 items found')
  await expect(frame.locator('#items li strong')).toHaveText([
    'AMOXICILLIN 500MG CAP',
    'AMOXICILLIN 250MG/5ML SUSP',
    'AMOXICILLIN+CLAVULANIC ACID 625MG TAB',
  ])
  // Another insurance and category, with a Persian query.
  await frame.locator('#provider').selectOption('salamat')
  await expect(frame.locator('#type option')).toHaveCount(7)
  await frame.locator('#type').selectOption('2')
  await frame.locator('#q').fill('قند')
  await clickInWidget(page, 'demo-doctor', '#search')
  await expect(frame.locator('#items li strong')).toHaveText(['قند خون ناشتا'])
  expect(errors).toEqual([])
})

test('a product payment is verified by the widget server once; a replay is refused', async ({
  page,
}) => {
  await openDemo(page, '/panel?lang=en')
  const frame = await widget(page, 'demo-doctor')
  await clickInWidget(page, 'demo-doctor', '#buy')
  const payment = await openDialog(page, 'payment')
  await expect(payment).toContainText('Clinic assistant Pro')
  await expect(payment).toContainText('1,250,000 Rials')
  await confirm(payment)
  const result = frame.locator('#pro-result')
  await expect(result).toHaveAttribute('data-state', 'ok')
  await expect(result).toContainText('the server verified receipt pay_')
  const receipt_id = /receipt (\S+)\./.exec((await result.textContent()) ?? '')?.[1]
  expect(receipt_id).toMatch(/^pay_/)

  // The receipt is in the emulator, paid and verified; verifying it again is refused.
  const activity = await emulator('/internal/activity')
  expect(activity.body.receipts).toContainEqual(
    expect.objectContaining({ id: receipt_id, kind: 'pay', amount: 1250000, verified: true }),
  )
  const replay = await emulator('/api/v1/apps/demo-doctor/monetization/verify', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': developerKey('demo-doctor') },
    body: JSON.stringify({ receipt_id }),
  })
  expect(replay.status).toBe(409)
  expect(replay.body.error).toBe('RECEIPT_ALREADY_VERIFIED')

  // The platform also sent payment.succeeded to the widget's backend, which verified it.
  await expect(frame.locator('#pro-webhook')).toHaveText(
    `Webhook payment.succeeded for receipt ${receipt_id} received; its signature checked out.`,
  )
  const delivery = await expectVerifiedWebhook('demo-doctor', 'payment.succeeded', receipt_id!)
  expect(delivery.event).toMatchObject({
    type: 'payment.succeeded',
    app_key: 'demo-doctor',
    data: { receipt_id, kind: 'product', product_key: 'pro', amount: 1250000, user_id: 'dr-1' },
  })
  // The order the widget's backend created rode with the payment: the platform stored it with
  // the receipt and sent it back in the webhook (and in verify, which the backend checked).
  expect(delivery.event.data.payload).toEqual({ order_id: expect.stringMatching(/^ord_/) })
})

test('the widget backend refuses a webhook whose signature does not match', async () => {
  const { body } = await emulator('/internal/webhooks?app_key=demo-doctor')
  const delivery = (body.deliveries as Delivery[]).find((d) => d.status === 'delivered')
  expect(delivery).toBeDefined()
  const before = (await receivedBy('demo-doctor')).length
  const tampered = JSON.stringify({ ...delivery!.event, data: { receipt_id: 'pay_forged' } })
  const res = await fetch(`${DEMO.widgets['demo-doctor']}/api/webhooks/demo-doctor`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': delivery!.id,
      'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
      'webhook-signature': `v1,${Buffer.alloc(32).toString('base64')}`,
    },
    body: tampered,
  })
  expect(res.status).toBe(400)
  expect(await res.json()).toMatchObject({ error: 'INVALID_WEBHOOK_SIGNATURE' })
  expect(await receivedBy('demo-doctor')).toHaveLength(before)
})

test('SMS: activate, top up and send, over one SMS state', async ({ page }) => {
  await openDemo(page, '/panel?lang=en')
  const frame = await widget(page, 'demo-doctor')
  // Consent was given earlier: connecting again asks nothing.
  await clickInWidget(page, 'demo-doctor', '#connect')
  await expect(frame.locator('#state')).toHaveText('Connected')
  await expect(page.locator('dialog')).toHaveCount(0)
  await expect(frame.locator('#sms-status')).toHaveText('SMS is not active')

  await clickInWidget(page, 'demo-doctor', '#sms-send')
  await expect(frame.locator('#sms-result')).toContainText('409 SMS_NOT_ACTIVATED')

  await clickInWidget(page, 'demo-doctor', '#sms-activate')
  const activate = await openDialog(page, 'sms-activate')
  await expect(activate).toContainText('Clinic assistant will send SMS')
  await confirm(activate)
  await expect(frame.locator('#sms-result')).toHaveText('PLATFORM_SMS_ACTIVATE_SUCCESS')
  await expect(frame.locator('#sms-status')).toHaveText('SMS is active — credit: 0')

  await clickInWidget(page, 'demo-doctor', '#sms-send')
  await expect(frame.locator('#sms-result')).toContainText('402 INSUFFICIENT_SMS_CREDIT')

  await clickInWidget(page, 'demo-doctor', '#sms-charge')
  const topUp = await openDialog(page, 'sms-charge')
  // Three packages and a custom count; the dev panel's test outcomes are radios of their own.
  const packages = topUp.locator('input[type=radio][name="sms-package"]')
  await expect(packages).toHaveCount(4)
  await packages.nth(1).check()
  await confirm(topUp)
  await expect(frame.locator('#sms-result')).toHaveText('500 SMS added to the credit.')
  await expect(frame.locator('#sms-status')).toHaveText('SMS is active — credit: 500')

  await clickInWidget(page, 'demo-doctor', '#sms-send')
  await expect(frame.locator('#sms-result')).toHaveText('Sent (1 SMS). Credit left: 499')
  const activity = await emulator('/internal/activity')
  expect(activity.body.sms).toContainEqual({ user_id: 'dr-1', active: true, credit: 499 })
  expect(activity.body.messages).toContainEqual(
    expect.objectContaining({ user_id: 'dr-1', app_key: 'demo-doctor', to: '09121112233' }),
  )
  // The top-up reached the widget's backend as a verified sms_charge.succeeded webhook.
  const topUpReceipt = (activity.body.receipts as { id: string; kind: string }[]).find(
    (r) => r.kind === 'sms',
  )?.id
  const delivery = await expectVerifiedWebhook('demo-doctor', 'sms_charge.succeeded', topUpReceipt!)
  expect(delivery.event.data).toMatchObject({ user_id: 'dr-1', count: 500, credit: 500 })
})

test('installing and removing a widget notifies its backend by webhook', async () => {
  const installations = (method: string) =>
    emulator('/api/v1/apps/demo-booking/installations', {
      method,
      headers: { 'content-type': 'application/json', 'x-api-key': developerKey('demo-booking') },
      body: JSON.stringify({ user_ids: ['pt-1'] }),
    })
  expect((await installations('POST')).status).toBe(200)
  expect((await installations('DELETE')).status).toBe(200)
  await expect
    .poll(async () =>
      (await receivedBy('demo-booking'))
        .filter((r) => r.type.startsWith('installation.'))
        .map((r) => [r.type, r.event.data.user_ids])
        .slice(-2),
    )
    .toEqual([
      ['installation.created', ['pt-1']],
      ['installation.deleted', ['pt-1']],
    ])
})

test('redirect.dispatch opens a panel page', async ({ page }) => {
  await openDemo(page, '/panel?lang=en')
  await widget(page, 'demo-doctor')
  await clickInWidget(page, 'demo-doctor', '#go-appointments')
  await expect(page).toHaveURL(`${DEMO.panel}/panel/appointments`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Today’s appointments')
  // The emulator's appointments of today (Tehran), a row each under the header row.
  const today = await doctorData<{ appointments: { id: string }[] }>('appointments')
  if (today.appointments.length) {
    await expect(page.getByRole('row')).toHaveCount(today.appointments.length + 1)
  } else {
    await expect(page.getByText('No appointments today.')).toBeVisible()
  }
})

/** What the emulator holds for the demo doctor, read as the panel reads it. */
async function doctorData<T>(what: 'appointments' | 'patients'): Promise<T> {
  const res = await emulator(`/internal/users/dr-1/${what}`)
  expect(res.status).toBe(200)
  return res.body as T
}

test('the doctor panel shows the emulator’s appointments and patients', async ({ page }) => {
  const { appointments } = await doctorData<{
    appointments: { id: string; patient: { full_name: string } }[]
  }>('appointments')
  const { patients } = await doctorData<{ patients: { full_name: string }[] }>('patients')
  expect(patients.length).toBeGreaterThan(0)
  await openDemo(page, '/panel?lang=en')
  // The dashboard's count is the emulator's, and its schedule lists the same appointments.
  await expect(
    page.locator('.stat').filter({ hasText: 'Appointments today' }).locator('strong'),
  ).toHaveText(String(appointments.length))
  await expect(page.locator('.stat').filter({ hasText: 'Patients' }).locator('strong')).toHaveText(
    String(patients.length),
  )
  await expect(page.locator('.schedule li')).toHaveCount(appointments.length)
  for (const [i, a] of appointments.entries()) {
    await expect(page.locator('.schedule li').nth(i)).toHaveAttribute('data-id', a.id)
    await expect(page.locator('.schedule li').nth(i)).toContainText(a.patient.full_name)
  }
  await openDemo(page, '/panel/patients?lang=en')
  const cards = page.locator('.grid .card')
  await expect(cards).toHaveCount(patients.length)
  for (const [i, p] of patients.entries()) await expect(cards.nth(i)).toContainText(p.full_name)
})

test('the emulator answers 403 for a scope the token lacks and 401 for a bad token', async ({
  page,
}) => {
  await openDemo(page, '/panel?lang=en')
  const frame = await widget(page, 'demo-doctor')
  await clickInWidget(page, 'demo-doctor', '#connect')
  await expect(frame.locator('#state')).toHaveText('Connected')
  await clickInWidget(page, 'demo-doctor', '#read-user')
  await expect(frame.locator('#scope-result')).toContainText('403 INSUFFICIENT_SCOPE')

  const forged = await emulator('/open-platform/v1/profile/information', {
    headers: { authorization: 'Bearer at_forged' },
  })
  expect(forged.status).toBe(401)
  expect(forged.body).toEqual({ error: 'INVALID_ACCESS_TOKEN', message: expect.any(String) })
  const wrongKey = await emulator('/api/v1/apps/demo-doctor/oauth/access_token', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'dk_wrong' },
    body: JSON.stringify({ session_token: 'st_anything' }),
  })
  expect(wrongKey.status).toBe(401)
  expect(wrongKey.body.error).toBe('DEVELOPER_NOT_AUTHORIZED')
})

test('booking flow: the addon greets the patient, takes the visit fee and dispatches both flows', async ({
  page,
}) => {
  const errors = watchConsole(page)
  await openDemo(page, '/booking?lang=en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Extras')
  await expect(page.locator('.stepper [aria-current="step"]')).toHaveText('4Extras')
  const frame = await widget(page, 'demo-booking')

  await clickInWidget(page, 'demo-booking', '#who')
  const consent = await openDialog(page, 'consent')
  await expect(consent.getByRole('listitem')).toHaveText(['See your user information'])
  await confirm(consent)
  await expect(frame.locator('#who-result')).toHaveText('Booking for Ali Rezaei (09351234567)')

  // A flake seen here under load: #pay-fee clicked the moment this line showed, and no payment
  // dialog came within 5 s. The line makes the widget's page 31 px taller and the frame follows
  // one animation frame later (measured: 222 to 253 px as the line shows), and the host had just
  // put the frame back from `display: none` behind the consent dialog: a click sent before the
  // frame has rendered since can miss the widget, silently. So the click waits for the frame to
  // settle, and the dialog gets openDialog's 15 s (the host looks the receipt up first) and says
  // what the widget showed if it does not come. Not reproduced on demand (the old steps passed
  // 15 of 15 times beside a CPU hog): the likeliest cause, not a proven one.
  await clickInWidget(page, 'demo-booking', '#pay-fee')
  const payment = await openDialog(page, 'payment')
  await expect(payment).toContainText('Online visit fee')
  await expect(payment).toContainText('350,000 Rials')
  await confirm(payment)
  await expect(frame.locator('#fee-result')).toHaveText('Online visit fee paid (350,000 Rials).')
  await expectVerifiedWebhook('demo-booking', 'payment.succeeded', 'rcpt-visit-1001')

  await clickInWidget(page, 'demo-booking', '#to-receipt')
  await expect(page).toHaveURL(`${DEMO.panel}/booking/receipt`)
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Your appointment is booked')

  await openDemo(page, '/booking')
  await widget(page, 'demo-booking')
  await clickInWidget(page, 'demo-booking', '#to-channel')
  await expect(page).toHaveURL(`${DEMO.panel}/booking/online-visit`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Online visit')
  await page.getByRole('textbox').fill('<b>not bold</b>')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.locator('.messages .me')).toHaveText('<b>not bold</b>')
  expect(errors).toEqual([])
})

test('doctor profile: a doctor-service payment adds VAT and is recorded', async ({ page }) => {
  await openDemo(page, '/profile?lang=en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dr. Sara Ahmadi')
  const frame = await widget(page, 'demo-profile')
  await clickInWidget(page, 'demo-profile', '#pay')
  const payment = await openDialog(page, 'doctor-service')
  await expect(payment.getByRole('row')).toHaveText([
    /Service amount\s*500,000 Rials/,
    /VAT.*15,000 Rials/,
    /Total payable\s*515,000 Rials/,
  ])
  await confirm(payment)
  await expect(frame.locator('#pay-result')).toContainText(
    'Paid 515,000 Rials (VAT 15,000 Rials included). Receipt: dsrv_',
  )
  const activity = await emulator('/internal/activity')
  expect(activity.body.receipts).toContainEqual(
    expect.objectContaining({
      kind: 'doctor-service',
      app_key: 'demo-profile',
      user_id: 'pt-1',
      amount: 515000,
    }),
  )
  const receipt_id = /Receipt: (\S+)/.exec(
    (await frame.locator('#pay-result').textContent()) ?? '',
  )?.[1]
  const delivery = await expectVerifiedWebhook(
    'demo-profile',
    'doctor_service.succeeded',
    receipt_id!,
  )
  expect(delivery.event.data).toMatchObject({ service_amount: 500000, vat: 15000, amount: 515000 })
})

test('flow and redirect calls resolve with no effect outside their pages', async ({ page }) => {
  await openDemo(page, '/profile?lang=en')
  const frame = await widget(page, 'demo-profile')
  const before = page.url()
  // The doctor-profile widget is neither the booking addon nor in the doctor panel.
  const outcome = await frame.locator('body').evaluate(async () => {
    const { platform } = window as unknown as {
      platform: {
        flow: { dispatch(k: string): Promise<void> }
        redirect: { dispatch(o: { path: string }): Promise<void> }
      }
    }
    await platform.flow.dispatch('BOOKING.RECEIPT')
    await platform.redirect.dispatch({ path: '/panel/appointments' })
    return 'resolved'
  })
  expect(outcome).toBe('resolved')
  await page.waitForTimeout(300)
  expect(page.url()).toBe(before)
})
