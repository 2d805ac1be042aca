// Sample doctor-profile widget ("Online consultation"): the patient picks a service and pays
// for it with payForDoctorService; the panel adds VAT and shows the total. Its words follow the
// panel's language (`words`, kit.js).
import {
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

const APP_KEY = 'demo-profile'
const SERVICES = [
  { key: 'video', amount: 500_000, fa: 'ویزیت ویدیویی (۱۵ دقیقه)', en: 'Video visit (15 min)' },
  { key: 'text', amount: 250_000, fa: 'مشاورهٔ متنی', en: 'Text consultation' },
]

const TEXT = {
  fa: {
    title: 'مشاورهٔ آنلاین',
    lead: 'بدون مراجعه به مطب، آنلاین مشاوره بگیرید.',
    pay: 'پرداخت و رزرو',
    vat: 'مالیات بر ارزش افزوده به مبلغ اضافه می‌شود.',
    paid: (payable, vat, id) => `پرداخت شد: ${payable} (شامل ${vat} مالیات). رسید: ${id}`,
    cancelled: 'پرداخت لغو شد.',
  },
  en: {
    title: 'Online consultation',
    lead: 'See the doctor online, without going to the office.',
    pay: 'Pay and book',
    vat: 'VAT is added to the price.',
    paid: (payable, vat, id) => `Paid ${payable} (VAT ${vat} included). Receipt: ${id}`,
    cancelled: 'Payment cancelled.',
  },
}

await start(APP_KEY, TEXT)

const options = h(
  'div',
  { class: 'options', role: 'radiogroup' },
  ...SERVICES.map((s, i) =>
    h(
      'label',
      {},
      h('input', { type: 'radio', name: 'service', value: s.key, checked: i === 0 }),
      words(h('span'), (_, lang) => s[lang]),
      words(h('span', { class: 'price' }), (_, lang) => formatRials(s.amount, lang)),
    ),
  ),
)
words(options, (t) => {
  options.setAttribute('aria-label', t.title)
})
const payButton = words(h('button', { type: 'button', class: 'primary', id: 'pay' }), (t) => t.pay)
const result = h('p', { class: 'result', id: 'pay-result', role: 'status' })

document.body.append(
  h(
    'header',
    { class: 'widget' },
    words(h('h1'), (t) => t.title),
  ),
  words(h('p', { class: 'result', 'data-state': 'busy' }), (t) => t.lead),
  options,
  h(
    'div',
    { class: 'row' },
    payButton,
    words(h('small'), (t) => t.vat),
  ),
  result,
)

payButton.addEventListener('click', async () => {
  const key = options.querySelector('input:checked')?.value
  const service = SERVICES.find((s) => s.key === key) ?? SERVICES[0]
  payButton.disabled = true
  try {
    const r = await platform.payment.payForDoctorService({
      amount: service.amount,
      payload: { service: service.key },
    })
    if (r.event === 'PLATFORM_PAYMENT_DOCTOR_SERVICE_SUCCESS') {
      say(
        result,
        'ok',
        text().paid(formatRials(r.payable, locale()), formatRials(r.vat, locale()), r.receipt_id),
      )
    } else if (r.event === 'PLATFORM_PAYMENT_DOCTOR_SERVICE_CANCEL') {
      say(result, 'error', text().cancelled)
    } else {
      say(result, 'error', r.message)
    }
  } catch (error) {
    say(result, 'error', describeFailure(error))
  } finally {
    payButton.disabled = false
  }
})

document.body.dataset.ready = 'true'
