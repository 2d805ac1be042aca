// Sample booking-flow addon ("Online visit"). It greets the patient (user.profile.read through
// its backend), takes the online-visit fee (a receipt the platform issued), and moves the
// patient on with both flows.
import {
  backend,
  describeError,
  describeFailure,
  formatRials,
  h,
  platform,
  say,
  start,
} from '/shared/kit.js'

const APP_KEY = 'demo-booking'
const FEE_RECEIPT = 'rcpt-visit-1001'

const TEXT = {
  fa: {
    title: 'ویزیت آنلاین',
    lead: 'پس از نوبت، در کانال ویزیت آنلاین با پزشک خود گفت‌وگو کنید.',
    who: 'نمایش اطلاعات من',
    bookingFor: (name, mobile) => `نوبت برای ${name} (${mobile})`,
    fee: 'پرداخت هزینهٔ ویزیت آنلاین',
    feePaid: (amount) => `هزینهٔ ویزیت آنلاین پرداخت شد (${amount}).`,
    cancelled: 'پرداخت لغو شد.',
    receipt: 'مشاهدهٔ رسید نوبت',
    channel: 'ورود به ویزیت آنلاین',
  },
  en: {
    title: 'Online visit',
    lead: 'After your appointment, talk to your doctor in the online visit channel.',
    who: 'Show my details',
    bookingFor: (name, mobile) => `Booking for ${name} (${mobile})`,
    fee: 'Pay the online visit fee',
    feePaid: (amount) => `Online visit fee paid (${amount}).`,
    cancelled: 'Payment cancelled.',
    receipt: 'See the booking receipt',
    channel: 'Go to the online visit',
  },
}

const info = await start(APP_KEY)
const locale = info.locale
const t = TEXT[locale]
const api = backend(APP_KEY)

const whoButton = h('button', { type: 'button', id: 'who' }, t.who)
const whoResult = h('p', { class: 'result', id: 'who-result', role: 'status' })
const feeButton = h('button', { type: 'button', id: 'pay-fee' }, t.fee)
const feeResult = h('p', { class: 'result', id: 'fee-result', role: 'status' })
const receiptButton = h('button', { type: 'button', id: 'to-receipt' }, t.receipt)
const channelButton = h('button', { type: 'button', class: 'primary', id: 'to-channel' }, t.channel)

document.body.append(
  h('header', { class: 'widget' }, h('h1', {}, t.title)),
  h(
    'section',
    {},
    h('p', {}, t.lead),
    h('div', { class: 'row' }, whoButton, feeButton, receiptButton, channelButton),
    whoResult,
    feeResult,
  ),
)

whoButton.addEventListener('click', async () => {
  try {
    const res = await api.connect(['user.profile.read'])
    if (!res.ok) return say(whoResult, 'error', describeError(res))
    const user = await api.get('/api/user')
    if (!user.ok) return say(whoResult, 'error', describeError(user))
    const u = user.body
    const name = locale === 'en' && u.latin_name ? u.latin_name : `${u.first_name} ${u.last_name}`
    say(whoResult, 'ok', t.bookingFor(name, u.mobile))
  } catch (error) {
    say(whoResult, 'error', describeFailure(error))
  }
})

feeButton.addEventListener('click', async () => {
  try {
    const result = await platform.payment.pay({ receipt_id: FEE_RECEIPT })
    if (result.event !== 'PLATFORM_PAYMENT_SUCCESS') {
      return say(
        feeResult,
        'error',
        result.event === 'PLATFORM_PAYMENT_CANCEL' ? t.cancelled : result.message,
      )
    }
    const verified = await api.verify(result.receipt_id)
    if (verified.ok) say(feeResult, 'ok', t.feePaid(formatRials(verified.body.amount, locale)))
    else say(feeResult, 'error', describeError(verified))
  } catch (error) {
    say(feeResult, 'error', describeFailure(error))
  }
})

receiptButton.addEventListener('click', () => {
  void platform.flow.dispatch('BOOKING.RECEIPT')
})
channelButton.addEventListener('click', () => {
  void platform.flow.dispatch('BOOKING.ONLINE_VISIT_CHANNEL')
})

document.body.dataset.ready = 'true'
