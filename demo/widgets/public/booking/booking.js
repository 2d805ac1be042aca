// Sample booking-flow addon ("Online visit"). It greets the patient (user.profile.read through
// its backend), takes the online-visit fee (a receipt the platform issued), and moves the
// patient on with both flows. Its words follow the panel's language (`words`, kit.js).
import {
  backend,
  describeError,
  describeFailure,
  formatRials,
  h,
  locale,
  platform,
  say,
  start,
  text,
  words,
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

await start(APP_KEY, TEXT)
const api = backend(APP_KEY)

const whoButton = words(h('button', { type: 'button', id: 'who' }), (t) => t.who)
const whoResult = h('p', { class: 'result', id: 'who-result', role: 'status' })
const feeButton = words(h('button', { type: 'button', id: 'pay-fee' }), (t) => t.fee)
const feeResult = h('p', { class: 'result', id: 'fee-result', role: 'status' })
const receiptButton = words(h('button', { type: 'button', id: 'to-receipt' }), (t) => t.receipt)
const channelButton = words(
  h('button', { type: 'button', class: 'primary', id: 'to-channel' }),
  (t) => t.channel,
)

document.body.append(
  h(
    'header',
    { class: 'widget' },
    words(h('h1'), (t) => t.title),
  ),
  h(
    'section',
    {},
    words(h('p'), (t) => t.lead),
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
    const name = locale() === 'en' && u.latin_name ? u.latin_name : `${u.first_name} ${u.last_name}`
    say(whoResult, 'ok', text().bookingFor(name, u.mobile))
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
        result.event === 'PLATFORM_PAYMENT_CANCEL' ? text().cancelled : result.message,
      )
    }
    const verified = await api.verify(result.receipt_id)
    if (verified.ok)
      say(feeResult, 'ok', text().feePaid(formatRials(verified.body.amount, locale())))
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
