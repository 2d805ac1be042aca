// Long: the panel-only routes, one short handler each.
// The internal endpoints of the demo panel's backend adapter, not part of the platform's APIs
// (so not in /openapi.json). The panel says which user is signed in (`user_id`): the emulator
// has no login.
//
// These answer the demo panel only: every request, reads included, must carry the panel's
// Origin. A browser sets Origin on every cross-origin fetch and a page cannot forge it; a
// request with no Origin at all (curl, a script, a top-level navigation) is refused too, so
// nothing but the panel can mint consent-free session tokens, top up SMS or mark receipts paid.
// A script on this machine can still send the header: the emulator is a local tool, bound to
// 127.0.0.1, not a security boundary against the machine's own user.

import { type Context, Hono } from 'hono'
import { cors } from 'hono/cors'
import { doctorServiceAmounts, isScopeName } from 'platform-widget-sdk/events'
import { DAY_SECONDS, dayStart, tehranDate } from '../calendar.js'
import { declineIfAsked } from '../control/scenario.js'
import { probePage } from '../page-probe.js'
import type { ReceiptRecord } from '../state.js'
import type { AppConfig, Localized } from '../types.js'
import { ApiError, type Env, invalid, issueSessionToken, type Kit } from './kit.js'
import { disableChannel, enableChannel } from './management.js'
import { paymentData, sendPaid } from './monetization.js'
import {
  outcomeOf,
  type PaymentOutcome,
  refuseIfChosen,
  timeOutIfChosen,
} from './payment-outcome.js'
import { profileOf } from './profile.js'
import { appointmentView, isDate } from './scheduling.js'
import { webhookLog } from './webhooks.js'

async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  try {
    const body = await c.req.json()
    return body && typeof body === 'object' && !Array.isArray(body) ? body : {}
  } catch {
    return {}
  }
}

const localized = (text: Localized | undefined, locale: string) =>
  text === undefined ? '' : typeof text === 'string' ? text : locale === 'en' ? text.en : text.fa

const notProvider = () =>
  new ApiError(403, 'NOT_A_PROVIDER', 'The user of this access token is not a provider')

export function internalRouter(kit: Kit) {
  // Long: the router's route table: one short handler per panel-only route.
  const router = new Hono<Env>()
  const { panelOrigin } = kit

  router.use('*', async (c, next) => {
    if (c.req.header('origin') !== panelOrigin) {
      throw new ApiError(
        403,
        'FORBIDDEN_ORIGIN',
        `Only the demo panel (${panelOrigin}) may call this: the request must carry its Origin header`,
      )
    }
    await next()
  })
  router.use(
    '*',
    cors({
      origin: (origin) => (origin === panelOrigin ? origin : null),
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowHeaders: ['content-type'],
      maxAge: 600,
    }),
  )

  const userParam = (c: Context) => {
    const user = kit.state.users.get(c.req.param('user_id') ?? '')
    if (!user) throw new ApiError(404, 'NOT_FOUND', 'Unknown user')
    return user
  }
  const appParam = (c: Context) => {
    const app = kit.state.apps.get(c.req.param('app_key') ?? '')
    if (!app) throw new ApiError(404, 'NOT_FOUND', 'Unknown app_key')
    return app
  }
  const scopesOf = async (c: Context) => {
    const scopes = (await jsonBody(c)).scopes
    if (!Array.isArray(scopes) || !scopes.every(isScopeName)) {
      throw invalid('scopes: expected an array of scope names (dotted lowercase words)')
    }
    return [...new Set(scopes)]
  }

  router.get('/health', (c) => c.json({ ok: true }))

  router.get('/users/:user_id', (c) => {
    const user = userParam(c)
    return c.json({
      id: user.id,
      kind: user.kind,
      first_name: user.first_name,
      last_name: user.last_name,
      ...(user.latin_name ? { latin_name: user.latin_name } : {}),
      ...(user.profile
        ? {
            profile: (({ id, first_name, last_name, latin_name, ...profile }) => profile)(
              profileOf(kit, user as Env['Variables']['provider']),
            ),
          }
        : {}),
    })
  })

  // The doctor panel's pages (dashboard, appointments, patients) show the platform's data: the
  // appointments the open APIs list, at the signed-in provider's centers. Days are Tehran's, as
  // in the open APIs, so "today" here is the day GET …/booking/appointments calls today.
  const providerParam = (c: Context) => {
    const user = userParam(c)
    if (user.kind !== 'provider') throw notProvider()
    return user
  }
  /** The provider's appointments from `first` to `last` (Tehran days, both included), by start. */
  const appointmentsOf = (provider_id: string, first?: string, last?: string) => {
    const from = first ? dayStart(first) : Number.NEGATIVE_INFINITY
    const to = last ? dayStart(last) + DAY_SECONDS : Number.POSITIVE_INFINITY
    return [...kit.state.appointments.values()]
      .filter((a) => a.provider_id === provider_id && a.from >= from && a.from < to)
      .sort((a, b) => a.from - b.from)
  }
  router.get('/users/:user_id/appointments', (c) => {
    const user = providerParam(c)
    const today = tehranDate(Math.floor(kit.now() / 1000))
    const from = c.req.query('from') ?? today
    const to = c.req.query('to') ?? from
    if (!isDate(from) || !isDate(to) || to < from) {
      throw invalid('from, to: expected Tehran days YYYY-MM-DD, from no later than to')
    }
    return c.json({
      today,
      from,
      to,
      appointments: appointmentsOf(user.id, from, to).map((a) => ({
        ...appointmentView(a),
        center_name: kit.state.centers.get(a.center_id)?.name ?? '',
      })),
    })
  })
  router.get('/users/:user_id/patients', (c) => {
    const user = providerParam(c)
    const now = Math.floor(kit.now() / 1000)
    // One entry per patient (by national code), in the order of their first appointment.
    const patients = new Map<
      string,
      {
        full_name: string
        mobile: string
        appointments: number
        last_visit: string | null
        next_visit: string | null
      }
    >()
    for (const a of appointmentsOf(user.id)) {
      const patient = patients.get(a.patient.national_code) ?? {
        full_name: a.patient.full_name,
        mobile: a.patient.mobile,
        appointments: 0,
        last_visit: null,
        next_visit: null,
      }
      patient.appointments++
      if (a.from < now) patient.last_visit = tehranDate(a.from)
      else patient.next_visit ??= tehranDate(a.from)
      patients.set(a.patient.national_code, patient)
    }
    return c.json({ patients: [...patients.values()] })
  })

  router.post('/users/:user_id/apps/:app_key/session-tokens', async (c) => {
    const user = userParam(c)
    const registered = appParam(c)
    const scopes = await scopesOf(c)
    const { session_token, expires_in } = await issueSessionToken(kit, user.id, registered, scopes)
    return c.json({ session_token, expires_in })
  })

  // A widget's top-level page: after its sign-in, the panel's /signin asks for the tab's renewal
  // grant; later the panel's /signin/renew (its server, not a page) trades one for a session
  // token and the next grant. See ../grants.ts.
  router.post('/users/:user_id/apps/:app_key/grants', async (c) => {
    const user = userParam(c)
    const registered = appParam(c)
    const body = await jsonBody(c)
    const scopes = await scopesOf(c)
    if (body.origin !== new URL(registered.url).origin) {
      throw invalid(`origin: expected the widget's registered origin`)
    }
    const consented = kit.state.consent.get(`${user.id} ${registered.app_key}`) ?? []
    if (!scopes.length || !scopes.every((s) => consented.includes(s))) {
      throw new ApiError(403, 'CONSENT_REQUIRED', 'The user has not approved these scopes')
    }
    const subject = { user_id: user.id, app_key: registered.app_key, origin: body.origin, scopes }
    return c.json(kit.state.grants.issue(subject, kit.now()))
  })
  router.post('/grants/renew', async (c) => {
    const body = await jsonBody(c)
    const scopes = await scopesOf(c)
    const { grant, origin, app_key } = body
    if (typeof grant !== 'string' || typeof origin !== 'string' || typeof app_key !== 'string') {
      throw invalid('grant, origin, app_key: expected strings')
    }
    const used = kit.state.grants.use(grant, { origin, app_key, scopes }, kit.now(), (s) => {
      const consented = kit.state.consent.get(`${s.user_id} ${s.app_key}`) ?? []
      return s.scopes.every((scope) => consented.includes(scope)) && kit.state.apps.has(s.app_key)
    })
    if (!used.ok) {
      if (used.reason === 'scope') {
        throw new ApiError(403, 'GRANT_SCOPE', 'The grant does not cover these scopes')
      }
      throw new ApiError(401, 'INVALID_GRANT', `The renewal grant was refused (${used.reason})`)
    }
    const registered = kit.state.apps.get(used.subject.app_key)!
    const token = await issueSessionToken(kit, used.subject.user_id, registered, scopes)
    return c.json({
      session_token: token.session_token,
      expires_in: token.expires_in,
      grant: used.grant,
      grant_expires_in: used.expires_in,
    })
  })
  // Sign-out, or the user taking a widget's access back: its tabs renew no more.
  router.delete('/users/:user_id/grants', (c) =>
    c.json({ revoked: kit.state.grants.revoke({ user_id: userParam(c).id }) }),
  )
  router.delete('/users/:user_id/apps/:app_key/grants', (c) =>
    c.json({
      revoked: kit.state.grants.revoke({ user_id: userParam(c).id, app_key: appParam(c).app_key }),
    }),
  )

  const consentKey = (c: Context) => `${c.req.param('user_id')} ${c.req.param('app_key')}`
  router.get('/users/:user_id/apps/:app_key/consent', (c) =>
    c.json({ scopes: kit.state.consent.get(consentKey(c)) ?? [] }),
  )
  router.put('/users/:user_id/apps/:app_key/consent', async (c) => {
    userParam(c)
    appParam(c)
    kit.state.consent.set(consentKey(c), await scopesOf(c))
    return c.json({ scopes: kit.state.consent.get(consentKey(c)) })
  })

  router.get('/users/:user_id/apps/:app_key/receipts/:receipt_id', (c) => {
    const receipt = kit.state.receipts.get(c.req.param('receipt_id'))
    if (
      receipt?.kind !== 'receipt' ||
      receipt.app_key !== c.req.param('app_key') ||
      receipt.user_id !== c.req.param('user_id')
    ) {
      throw new ApiError(404, 'RECEIPT_NOT_FOUND', 'No such receipt for this widget and user')
    }
    if (receipt.status === 'paid') {
      throw new ApiError(409, 'RECEIPT_ALREADY_PAID', `Receipt "${receipt.id}" is already paid`)
    }
    return c.json({
      title: localized(receipt.title, c.req.query('locale') ?? 'fa'),
      amount: receipt.amount,
    })
  })

  /**
   * Records a charge (unless the scenario or the test outcome refuses it), sends its webhook,
   * answers its id (or, for the timeout outcome, 504).
   */
  const charge = (
    c: Context,
    registered: AppConfig,
    outcome: PaymentOutcome,
    record: Omit<ReceiptRecord, 'id' | 'status' | 'created_at'>,
  ) => {
    declineIfAsked(kit)
    refuseIfChosen(outcome)
    const receipt: ReceiptRecord = {
      ...record,
      id: kit.receiptId(record.kind),
      status: 'paid',
      created_at: kit.now(),
      paid_at: kit.now(),
    }
    kit.state.receipts.set(receipt.id, receipt)
    sendPaid(kit, registered, receipt)
    timeOutIfChosen(outcome)
    return c.json({ receipt_id: receipt.id })
  }

  router.post('/users/:user_id/apps/:app_key/payments', async (c) => {
    // Long: one route whose checks of the booking are listed in order.
    const user = userParam(c)
    const registered = appParam(c)
    const body = await jsonBody(c)
    const amount = body.amount
    const payload = body.payload === undefined ? {} : { payload: body.payload }
    const base = { app_key: registered.app_key, user_id: user.id, ...payload }
    const outcome = outcomeOf(body.test_outcome)
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 1) {
      throw invalid('amount: expected whole Rials')
    }
    switch (body.kind) {
      case 'pay': {
        if (typeof body.receipt_id === 'string') {
          const receipt = kit.state.receipts.get(body.receipt_id)
          if (receipt?.kind !== 'receipt' || receipt.app_key !== registered.app_key) {
            throw new ApiError(404, 'RECEIPT_NOT_FOUND', `No receipt "${body.receipt_id}"`)
          }
          if (receipt.status === 'paid') {
            throw new ApiError(
              409,
              'RECEIPT_ALREADY_PAID',
              `Receipt "${receipt.id}" is already paid`,
            )
          }
          if (receipt.amount !== amount) throw invalid(`amount: the receipt is ${receipt.amount}`)
          if (receipt.user_id !== user.id) {
            throw new ApiError(
              404,
              'RECEIPT_NOT_FOUND',
              `No receipt "${body.receipt_id}" for this user`,
            )
          }
          declineIfAsked(kit)
          refuseIfChosen(outcome)
          // A payload its backend set when creating it stays; else the page's is kept.
          if (receipt.payload === undefined && body.payload !== undefined) {
            receipt.payload = body.payload
          }
          receipt.status = 'paid'
          receipt.paid_at = kit.now()
          sendPaid(kit, registered, receipt)
          timeOutIfChosen(outcome)
          return c.json({ receipt_id: receipt.id })
        }
        const product = registered.products.find((p) => p.key === body.product_key)
        if (!product) throw invalid(`product_key: ${registered.app_key} has no such product`)
        if (product.price !== amount) throw invalid(`amount: the product costs ${product.price}`)
        return charge(c, registered, outcome, {
          ...base,
          kind: 'pay',
          amount,
          product_key: product.key,
          title: product.title,
        })
      }
      case 'subscribe': {
        const plan = registered.plans.find((p) => p.key === body.plan_key)
        if (!plan) throw invalid(`plan_key: ${registered.app_key} has no such plan`)
        if (plan.price !== amount) throw invalid(`amount: the plan costs ${plan.price}`)
        return charge(c, registered, outcome, {
          ...base,
          kind: 'subscribe',
          amount,
          plan_key: plan.key,
          title: plan.title,
        })
      }
      case 'doctor-service': {
        const expected = doctorServiceAmounts(amount)
        if (body.vat !== expected.vat || body.payable !== expected.payable) {
          throw invalid(`vat and payable: expected ${expected.vat} and ${expected.payable}`)
        }
        return charge(c, registered, outcome, {
          ...base,
          kind: 'doctor-service',
          amount: expected.payable,
          service_amount: amount,
          vat: expected.vat,
        })
      }
      default:
        throw invalid('kind: expected pay, subscribe or doctor-service')
    }
  })

  router.get('/users/:user_id/sms', (c) => {
    const user = userParam(c)
    return c.json({ active: user.sms.active, credit: user.sms.credit })
  })
  router.post('/users/:user_id/apps/:app_key/sms/activate', (c) => {
    const user = userParam(c)
    appParam(c)
    if (user.kind !== 'provider') throw notProvider()
    user.sms.active = true
    return c.json({ active: true, credit: user.sms.credit })
  })
  router.post('/users/:user_id/apps/:app_key/sms/charge', async (c) => {
    const user = userParam(c)
    const registered = appParam(c)
    if (user.kind !== 'provider') throw notProvider()
    const { count, price } = await jsonBody(c)
    if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 1) {
      throw invalid('count: expected a positive whole number')
    }
    if (typeof price !== 'number' || !Number.isSafeInteger(price) || price < 0) {
      throw invalid('price: expected whole Rials')
    }
    user.sms.credit += count
    const receipt: ReceiptRecord = {
      id: kit.receiptId('sms'),
      app_key: registered.app_key,
      user_id: user.id,
      kind: 'sms',
      amount: price,
      sms_count: count,
      status: 'paid',
      created_at: kit.now(),
      paid_at: kit.now(),
    }
    kit.state.receipts.set(receipt.id, receipt)
    kit.emit(
      registered,
      'sms_charge.succeeded',
      paymentData(kit, receipt, registered, user.sms.credit),
    )
    return c.json({ receipt_id: receipt.id, credit: user.sms.credit })
  })

  // `widget.addToProfile()` / `removeFromProfile()`, after the doctor confirmed in the panel: the
  // widget channel of spec 4.5, the same record the management API's PUT and DELETE keep, so
  // `GET /api/v1/apps/{app_key}/channels/` shows it. Removing a channel that is not there is done.
  router.put('/users/:user_id/apps/:app_key/channel', (c) => {
    const user = userParam(c)
    const registered = appParam(c)
    if (user.kind !== 'provider') throw notProvider()
    return c.json({ active: true, placements: enableChannel(kit, registered, user.id).placements })
  })
  router.delete('/users/:user_id/apps/:app_key/channel', (c) => {
    const user = userParam(c)
    const registered = appParam(c)
    if (user.kind !== 'provider') throw notProvider()
    disableChannel(kit, registered.app_key, user.id)
    return c.json({ active: false })
  })
  // `widget.refreshProfile()`: spec 4.2's purge-cache, for the signed-in doctor.
  router.post('/users/:user_id/profile/purge-cache', (c) => {
    const user = userParam(c)
    if (user.kind !== 'provider') throw notProvider()
    kit.state.profilePurges.set(user.id, kit.now())
    return c.json({ success: true })
  })

  /** What happened so far, for people looking at the demo (no keys, no tokens). */
  router.get('/activity', (c) =>
    c.json({
      receipts: [...kit.state.receipts.values()].map((r) => ({
        id: r.id,
        app_key: r.app_key,
        user_id: r.user_id,
        kind: r.kind,
        amount: r.amount,
        status: r.status,
        verified: r.verified_at !== undefined,
      })),
      sms: [...kit.state.users.values()]
        .filter((u) => u.kind === 'provider')
        .map((u) => ({ user_id: u.id, ...u.sms })),
      messages: kit.state.messages.map(({ id, user_id, app_key, to, parts }) => ({
        id,
        user_id,
        app_key,
        to,
        parts,
      })),
    }),
  )

  router.get('/webhooks', (c) => c.json(webhookLog(kit, c.req.query('app_key'))))

  // Why a widget did not come up: its registered page, fetched from here (that URL only).
  router.get('/apps/:app_key/page', async (c) => {
    const registered = kit.state.apps.get(c.req.param('app_key'))
    if (!registered) throw new ApiError(404, 'APP_NOT_FOUND', 'No such widget')
    return c.json({ ...(await probePage(registered.url)), panel_origin: panelOrigin })
  })

  // The inspector's "Platform calls": the platform-call log of one widget, newest last.
  router.get('/calls', (c) => {
    const after = Number(c.req.query('after'))
    return c.json({
      calls: kit.calls.list({
        app_key: c.req.query('app_key'),
        ...(Number.isSafeInteger(after) && after > 0 ? { after } : {}),
      }),
    })
  })

  router.post('/reset', (c) => {
    kit.reset()
    return c.json({ ok: true })
  })
  return router
}
