// Sample doctor widget ("Clinic assistant"). Written only against window.platform and this
// widget's own backend (/api on this origin), as a third-party developer would. Its words are in
// text.js; each element's words are drawn by `words` (kit.js), again when the panel's language
// changes, and by `redraw` when what they show changes (connected, the SMS credit).
import {
  backend,
  describeError,
  describeFailure,
  formatNumber,
  formatRials,
  h,
  locale,
  platform,
  redraw,
  say,
  start,
  text,
  words,
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

await start(APP_KEY, TEXT)
const api = backend(APP_KEY)
const num = (n) => formatNumber(n, locale())
/** A heading, a paragraph or a button whose text is `t[key]`. */
const worded = (tag, attrs, key) => words(h(tag, attrs), (t) => t[key])

// What the widget knows, which its words show: the doctor's profile once read, the SMS credit
// (a number; undefined while SMS is not active) or the error that came instead.
let profile
let sms = {}
let serviceTypes = []

// ---- Layout ---------------------------------------------------------------------------------
const pill = words(h('span', { class: 'pill', id: 'state' }), (t) =>
  api.connected ? t.connected : t.notConnected,
)
const connectButton = worded(
  'button',
  { type: 'button', class: 'primary', id: 'connect' },
  'connect',
)
const accountResult = h('p', { class: 'result', id: 'account-result', role: 'status' })
const facts = h('dl', { class: 'facts', id: 'profile' })
words(facts, drawFacts)

const provider = h(
  'select',
  { id: 'provider' },
  worded('option', { value: 'tamin' }, 'tamin'),
  worded('option', { value: 'salamat' }, 'salamat'),
)
const category = h('select', { id: 'type' })
const query = h('input', { id: 'q', type: 'search', class: 'grow', value: 'amox', dir: 'auto' })
words(provider, (t) => provider.setAttribute('aria-label', t.insurance))
words(category, (t) => {
  category.setAttribute('aria-label', t.category)
  fillCategories()
})
words(query, (t) => {
  query.placeholder = t.query
  query.setAttribute('aria-label', t.query)
})
const searchButton = worded('button', { type: 'submit', id: 'search', disabled: true }, 'search')
const searchForm = h('form', { class: 'row' }, provider, category, query, searchButton)
const searchResult = h('p', { class: 'result', id: 'search-result', role: 'status' })
const items = h('ul', { class: 'items', id: 'items' })

const buyButton = words(h('button', { type: 'button', id: 'buy' }), (t, lang) =>
  t.buy(formatRials(PRO_PRICE, lang)),
)
const proResult = h('p', { class: 'result', id: 'pro-result', role: 'status' })
const proWebhook = h('p', { class: 'result', id: 'pro-webhook', role: 'status' })

const smsStatus = words(h('p', { id: 'sms-status' }), (t, lang) =>
  sms.credit !== undefined
    ? t.smsCredit(formatNumber(sms.credit, lang))
    : (sms.error ?? t.smsInactive),
)
const activateButton = worded('button', { type: 'button', id: 'sms-activate' }, 'activate')
const chargeButton = worded('button', { type: 'button', id: 'sms-charge' }, 'charge')
const smsTo = h('input', { id: 'sms-to', value: '09121112233', dir: 'ltr', inputmode: 'tel' })
const smsText = h('input', { id: 'sms-text', class: 'grow', dir: 'auto' })
words(smsTo, (t) => smsTo.setAttribute('aria-label', t.to))
words(smsText, (t) => {
  smsText.setAttribute('aria-label', t.text)
  // The sample message follows the language until the user edits it.
  if (!smsText.value || Object.values(TEXT).some((w) => w.defaultText === smsText.value)) {
    smsText.value = t.defaultText
  }
})
const sendButton = worded('button', { type: 'submit', id: 'sms-send', disabled: true }, 'send')
const smsForm = h('form', { class: 'col' }, smsTo, smsText, h('div', { class: 'row' }, sendButton))
const smsResult = h('p', { class: 'result', id: 'sms-result', role: 'status' })

const redirectButton = worded(
  'button',
  { type: 'button', id: 'go-appointments' },
  'openAppointments',
)
const userButton = worded('button', { type: 'button', id: 'read-user', disabled: true }, 'readUser')
const scopeResult = h('p', { class: 'result', id: 'scope-result', role: 'status' })

document.body.append(
  h('header', { class: 'widget' }, worded('h1', {}, 'title'), pill),
  h(
    'div',
    { class: 'sections' },
    h(
      'section',
      { id: 'account' },
      worded('h2', {}, 'account'),
      worded('p', {}, 'accountLead'),
      connectButton,
      facts,
      accountResult,
    ),
    h(
      'section',
      { id: 'rx', class: 'wide' },
      worded('h2', {}, 'rx'),
      searchForm,
      searchResult,
      items,
    ),
    h(
      'section',
      { id: 'pro' },
      worded('h2', {}, 'pro'),
      worded('p', {}, 'proLead'),
      buyButton,
      proResult,
      proWebhook,
    ),
    h(
      'section',
      { id: 'sms' },
      worded('h2', {}, 'sms'),
      worded('p', {}, 'smsLead'),
      smsStatus,
      h('div', { class: 'row' }, activateButton, chargeButton),
      smsForm,
      smsResult,
    ),
    h(
      'section',
      { id: 'nav' },
      worded('h2', {}, 'panel'),
      worded('p', {}, 'panelLead'),
      redirectButton,
    ),
    h(
      'section',
      { id: 'scope' },
      worded('h2', {}, 'scopeCheck'),
      worded('p', {}, 'scopeLead'),
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
    pill.dataset.state = 'ok'
    redraw()
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
  profile = res.body
  redraw()
}

function drawFacts(t, lang) {
  const p = profile
  if (!p) return
  const name =
    lang === 'en' && p.latin_name
      ? `Dr. ${p.latin_name}`
      : `${p.title} ${p.first_name} ${p.last_name}`
  facts.replaceChildren(
    ...[
      [t.name, name],
      [t.expertise, p.expertise],
      [t.code, p.medical_code],
      [t.centers, p.centers.map((c) => c.name).join(lang === 'fa' ? '، ' : ', ')],
    ].flatMap(([k, v]) => [h('dt', {}, k), h('dd', { dir: 'auto' }, v)]),
  )
}

// ---- Prescription catalog ---------------------------------------------------------------------
async function loadServiceTypes() {
  const res = await api.get('/api/rx/service-types')
  if (res.ok) serviceTypes = res.body.categories
  fillCategories()
}
/** The categories of the chosen insurance, the chosen one kept. */
function fillCategories() {
  const chosen = category.value
  const options = serviceTypes.flatMap((c) =>
    (c.providers[provider.value] ?? []).map((code) =>
      h('option', { value: code }, `${c.title} (${num(code)})`),
    ),
  )
  category.replaceChildren(...options)
  if (options.some((option) => option.value === chosen)) category.value = chosen
}
provider.addEventListener('change', fillCategories)
void loadServiceTypes()

searchForm.addEventListener('submit', async (event) => {
  event.preventDefault()
  if (!api.connected) return say(searchResult, 'error', text().connectFirst)
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
  say(searchResult, 'ok', text().found(num(list.length)))
  items.replaceChildren(
    ...list.map((item) =>
      h(
        'li',
        {},
        h('strong', { dir: 'auto' }, item.srvName),
        h(
          'small',
          {},
          `${item.serviceType.srvTypeDes} · ${item.wsSrvCode}${item.brands.length ? ` · ${text().brands}: ${item.brands.join(', ')}` : ''}`,
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
      if (verified.ok) say(proResult, 'ok', text().proVerified(verified.body.receipt_id))
      else say(proResult, 'error', describeError(verified))
      await showWebhook(result.receipt_id)
    } else if (result.event === 'PLATFORM_PAYMENT_CANCEL') {
      say(proResult, 'error', text().proCancelled)
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
    if (found) return say(proWebhook, 'ok', text().webhook(found.type, receiptId))
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  say(proWebhook, 'error', text().noWebhook(receiptId))
}

// ---- SMS: activation and top-up are panel dialogs; balance and send go through the backend ----
async function refreshSms() {
  if (!api.connected) return
  const res = await api.get('/api/sms/balance')
  sms = res.ok
    ? { credit: res.body.credit }
    : { error: res.status === 409 ? undefined : describeError(res) }
  redraw()
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
    say(smsResult, 'ok', text().charged(num(result.count)))
    await refreshSms()
  } catch (error) {
    say(smsResult, 'error', describeFailure(error))
  }
})

smsForm.addEventListener('submit', async (event) => {
  event.preventDefault()
  const res = await api.post('/api/sms/send', { to: smsTo.value, text: smsText.value })
  if (res.ok) say(smsResult, 'ok', text().sent(num(res.body.parts), num(res.body.credit)))
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
