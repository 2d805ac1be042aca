// Sample doctor widget ("Clinic assistant"). Written only against window.platform and this
// widget's own backend (/api on this origin), as a third-party developer would. Its words are in
// text.js.
import {
  backend,
  describeError,
  describeFailure,
  formatNumber,
  formatRials,
  h,
  platform,
  say,
  start,
} from '/shared/kit.js'
import { TEXT } from './text.js'

const APP_KEY = 'demo-doctor'
const SCOPES = [
  'provider.profile.read',
  'provider.prescription.read',
  'provider.sms.read',
  'provider.sms.write',
]
const PRO_PRICE = 1_250_000

const info = await start(APP_KEY)
const locale = info.locale
const t = TEXT[locale]
const api = backend(APP_KEY)
const num = (n) => formatNumber(n, locale)

// ---- Layout ---------------------------------------------------------------------------------
const pill = h('span', { class: 'pill', id: 'state' }, t.notConnected)
const connectButton = h('button', { type: 'button', class: 'primary', id: 'connect' }, t.connect)
const accountResult = h('p', { class: 'result', id: 'account-result', role: 'status' })
const facts = h('dl', { class: 'facts', id: 'profile' })

const provider = h('select', { id: 'provider', 'aria-label': t.insurance })
provider.append(
  h('option', { value: 'tamin' }, t.tamin),
  h('option', { value: 'salamat' }, t.salamat),
)
const category = h('select', { id: 'type', 'aria-label': t.category })
const query = h('input', {
  id: 'q',
  type: 'search',
  class: 'grow',
  placeholder: t.query,
  'aria-label': t.query,
  value: 'amox',
  dir: 'auto',
})
const searchButton = h('button', { type: 'submit', id: 'search', disabled: true }, t.search)
const searchForm = h('form', { class: 'row' }, provider, category, query, searchButton)
const searchResult = h('p', { class: 'result', id: 'search-result', role: 'status' })
const items = h('ul', { class: 'items', id: 'items' })

const buyButton = h('button', { type: 'button', id: 'buy' }, t.buy(formatRials(PRO_PRICE, locale)))
const proResult = h('p', { class: 'result', id: 'pro-result', role: 'status' })
const proWebhook = h('p', { class: 'result', id: 'pro-webhook', role: 'status' })

const smsStatus = h('p', { id: 'sms-status' }, t.smsInactive)
const activateButton = h('button', { type: 'button', id: 'sms-activate' }, t.activate)
const chargeButton = h('button', { type: 'button', id: 'sms-charge' }, t.charge)
const smsTo = h('input', {
  id: 'sms-to',
  value: '09121112233',
  dir: 'ltr',
  'aria-label': t.to,
  inputmode: 'tel',
})
const smsText = h('input', {
  id: 'sms-text',
  class: 'grow',
  value: t.defaultText,
  'aria-label': t.text,
  dir: 'auto',
})
const sendButton = h('button', { type: 'submit', id: 'sms-send', disabled: true }, t.send)
const smsForm = h('form', { class: 'col' }, smsTo, smsText, h('div', { class: 'row' }, sendButton))
const smsResult = h('p', { class: 'result', id: 'sms-result', role: 'status' })

const redirectButton = h('button', { type: 'button', id: 'go-appointments' }, t.openAppointments)
const userButton = h('button', { type: 'button', id: 'read-user', disabled: true }, t.readUser)
const scopeResult = h('p', { class: 'result', id: 'scope-result', role: 'status' })

document.body.append(
  h('header', { class: 'widget' }, h('h1', {}, t.title), pill),
  h(
    'div',
    { class: 'sections' },
    h(
      'section',
      { id: 'account' },
      h('h2', {}, t.account),
      h('p', {}, t.accountLead),
      connectButton,
      facts,
      accountResult,
    ),
    h('section', { id: 'rx', class: 'wide' }, h('h2', {}, t.rx), searchForm, searchResult, items),
    h(
      'section',
      { id: 'pro' },
      h('h2', {}, t.pro),
      h('p', {}, t.proLead),
      buyButton,
      proResult,
      proWebhook,
    ),
    h(
      'section',
      { id: 'sms' },
      h('h2', {}, t.sms),
      h('p', {}, t.smsLead),
      smsStatus,
      h('div', { class: 'row' }, activateButton, chargeButton),
      smsForm,
      smsResult,
    ),
    h('section', { id: 'nav' }, h('h2', {}, t.panel), h('p', {}, t.panelLead), redirectButton),
    h(
      'section',
      { id: 'scope' },
      h('h2', {}, t.scopeCheck),
      h('p', {}, t.scopeLead),
      userButton,
      scopeResult,
    ),
  ),
)

// ---- Account: consent, then the backend exchanges the session token --------------------------
connectButton.addEventListener('click', async () => {
  connectButton.disabled = true
  say(accountResult, 'busy', '…')
  try {
    const res = await api.connect(SCOPES)
    if (!res.ok) return say(accountResult, 'error', describeError(res))
    pill.textContent = t.connected
    pill.dataset.state = 'ok'
    say(accountResult, 'ok', '')
    for (const button of [searchButton, sendButton, userButton]) button.disabled = false
    await Promise.all([showProfile(), refreshSms()])
  } catch (error) {
    say(accountResult, 'error', describeFailure(error))
  } finally {
    connectButton.disabled = api.connected
  }
})

async function showProfile() {
  const res = await api.get('/api/profile')
  if (!res.ok) return say(accountResult, 'error', describeError(res))
  const p = res.body
  const name =
    locale === 'en' && p.latin_name
      ? `Dr. ${p.latin_name}`
      : `${p.title} ${p.first_name} ${p.last_name}`
  facts.replaceChildren(
    ...[
      [t.name, name],
      [t.expertise, p.expertise],
      [t.code, p.medical_code],
      [t.centers, p.centers.map((c) => c.name).join(locale === 'fa' ? '، ' : ', ')],
    ].flatMap(([k, v]) => [h('dt', {}, k), h('dd', { dir: 'auto' }, v)]),
  )
}

// ---- Prescription catalog ---------------------------------------------------------------------
let serviceTypes = []
async function loadServiceTypes() {
  const res = await api.get('/api/rx/service-types')
  if (res.ok) serviceTypes = res.body.categories
  fillCategories()
}
function fillCategories() {
  const options = serviceTypes.flatMap((c) =>
    (c.providers[provider.value] ?? []).map((code) =>
      h('option', { value: code }, `${c.title} (${num(code)})`),
    ),
  )
  category.replaceChildren(...options)
}
provider.addEventListener('change', fillCategories)
void loadServiceTypes()

searchForm.addEventListener('submit', async (event) => {
  event.preventDefault()
  if (!api.connected) return say(searchResult, 'error', t.connectFirst)
  const params = new URLSearchParams({
    _q: query.value,
    provider: provider.value,
    type: category.value,
  })
  const res = await api.get(`/api/rx/search?${params}`)
  if (!res.ok) {
    items.replaceChildren()
    return say(searchResult, 'error', describeError(res))
  }
  const list = res.body.result.serviceList
  say(searchResult, 'ok', t.found(num(list.length)))
  items.replaceChildren(
    ...list.map((item) =>
      h(
        'li',
        {},
        h('strong', { dir: 'auto' }, item.srvName),
        h(
          'small',
          {},
          `${item.serviceType.srvTypeDes} · ${item.wsSrvCode}${item.brands.length ? ` · ${t.brands}: ${item.brands.join(', ')}` : ''}`,
        ),
      ),
    ),
  )
})

// ---- Pro: pay in the panel's dialog, then have the server verify the receipt -----------------
buyButton.addEventListener('click', async () => {
  buyButton.disabled = true
  try {
    // The backend records the order first; its id rides with the payment as the payload, and the
    // backend unlocks Pro only when the platform's record of the payment matches that order.
    const order = await api.post('/api/orders', { app_key: APP_KEY, product_key: 'pro' })
    if (!order.ok) return say(proResult, 'error', describeError(order))
    const { order_id } = order.body
    const result = await platform.payment.pay({ product_key: 'pro', payload: { order_id } })
    if (result.event === 'PLATFORM_PAYMENT_SUCCESS') {
      const verified = await api.verify(result.receipt_id, order_id)
      if (verified.ok) say(proResult, 'ok', t.proVerified(verified.body.receipt_id))
      else say(proResult, 'error', describeError(verified))
      await showWebhook(result.receipt_id)
    } else if (result.event === 'PLATFORM_PAYMENT_CANCEL') {
      say(proResult, 'error', t.proCancelled)
    } else {
      say(proResult, 'error', result.message)
    }
  } catch (error) {
    say(proResult, 'error', describeFailure(error))
  } finally {
    buyButton.disabled = false
  }
})

// The platform also tells the backend by webhook; the backend keeps the events it verified.
async function showWebhook(receiptId) {
  say(proWebhook, 'busy', '…')
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await api.get(`/api/webhooks/${APP_KEY}/events`)
    const found = res.ok && res.body.events.find((e) => e.event.data?.receipt_id === receiptId)
    if (found) return say(proWebhook, 'ok', t.webhook(found.type, receiptId))
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  say(proWebhook, 'error', t.noWebhook(receiptId))
}

// ---- SMS: activation and top-up are panel dialogs; balance and send go through the backend ----
async function refreshSms() {
  if (!api.connected) return
  const res = await api.get('/api/sms/balance')
  if (res.ok) smsStatus.textContent = t.smsCredit(num(res.body.credit))
  else if (res.status === 409) smsStatus.textContent = t.smsInactive
  else smsStatus.textContent = describeError(res)
}

activateButton.addEventListener('click', async () => {
  try {
    const result = await platform.sms.activate()
    say(smsResult, result.event === 'PLATFORM_SMS_ACTIVATE_SUCCESS' ? 'ok' : 'error', result.event)
    await refreshSms()
  } catch (error) {
    say(smsResult, 'error', describeFailure(error))
  }
})

chargeButton.addEventListener('click', async () => {
  try {
    const result = await platform.sms.charge()
    say(smsResult, 'ok', t.charged(num(result.count)))
    await refreshSms()
  } catch (error) {
    say(smsResult, 'error', describeFailure(error))
  }
})

smsForm.addEventListener('submit', async (event) => {
  event.preventDefault()
  const res = await api.post('/api/sms/send', { to: smsTo.value, text: smsText.value })
  if (res.ok) say(smsResult, 'ok', t.sent(num(res.body.parts), num(res.body.credit)))
  else say(smsResult, 'error', describeError(res))
  await refreshSms()
})

// ---- Panel navigation ---------------------------------------------------------------------------
redirectButton.addEventListener('click', () => {
  void platform.redirect.dispatch({ path: '/panel/appointments' })
})

// ---- A call without its scope: the platform answers 403 ------------------------------------------
userButton.addEventListener('click', async () => {
  const res = await api.get('/api/user')
  say(scopeResult, res.ok ? 'ok' : 'error', res.ok ? JSON.stringify(res.body) : describeError(res))
})

document.body.dataset.ready = 'true'
