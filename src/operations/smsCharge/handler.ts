import { ErrorCode, type Locale, PlatformError, type SmsChargeResult } from '../../events/index.js'
import { ask } from '../../host-kit/ask.js'
import { StayOpen } from '../../host-kit/dialog/dialog.js'
import { h } from '../../host-kit/dialog/dom.js'
import { formatNumber, formatRials, type Strings, strings } from '../../host-kit/dialog/i18n.js'
import { unexpectedEnd } from '../../host-kit/dialog/outcome.js'
import {
  DEFAULT_SMS_PACKAGES,
  DEFAULT_SMS_PRICE,
  DEFAULT_SMS_RANGE,
} from '../../host-kit/sms-defaults.js'
import { smsOutcomeChooser } from '../../host-kit/test-outcomes.js'
import type { CallContext } from '../../host-kit/types.js'
import { words } from './words.js'

/**
 * `sms.charge`: the shared top-up dialog with fixed packages and a custom count checked inline.
 * The spec names only a success event, so closing the dialog rejects with `USER_CLOSED_POPUP`
 * and a backend failure rejects with `BACKEND_ERROR`.
 */
export async function handle(
  _request: Record<string, never>,
  call: CallContext<'backend' | 'smsPackages' | 'smsPrice' | 'smsCustomRange'>,
): Promise<SmsChargeResult> {
  const { widget, options, locale, layer } = call
  const packages = options.smsPackages ?? DEFAULT_SMS_PACKAGES
  const unit = options.smsPrice ?? DEFAULT_SMS_PRICE
  const range = options.smsCustomRange ?? DEFAULT_SMS_RANGE
  const doc = layer.doc
  // What the check writes, in the locale now shown; `render` moves it to the next.
  let now = { t: strings(locale), locale }
  const invalidText = () =>
    words[now.locale].smsCustomInvalid(
      formatNumber(range.min, now.locale),
      formatNumber(range.max, now.locale),
    )
  /** One drawing of the dialog's controls and words; the first is the one shown and read. */
  const draw = (t: Strings, locale: Locale) => {
    const w = words[locale]
    const radios = [...packages.map((_, i) => String(i)), 'custom'].map((value, i) =>
      h(doc, 'input', { type: 'radio', name: 'sms-package', value, checked: i === 0 }),
    )
    const customRadio = radios[radios.length - 1]!
    const customError = h(doc, 'p', { class: 'err', id: 'sms-custom-error' })
    const customInput = h(doc, 'input', {
      type: 'number',
      inputmode: 'numeric',
      min: range.min,
      max: range.max,
      step: 1,
      'aria-label': w.smsCustom,
      'aria-describedby': customError.id,
    })
    const customPrice = h(doc, 'span', { class: 'price', 'aria-live': 'polite' })
    // A dev host's outcome choice (none elsewhere).
    const chooser = smsOutcomeChooser(doc, call.testOutcomes, t, 'charge')
    const content = [
      h(
        doc,
        'fieldset',
        {},
        h(doc, 'legend', {}, w.smsPackages),
        ...packages.map((p, i) =>
          h(
            doc,
            'label',
            { class: 'opt' },
            radios[i]!,
            w.smsCount(formatNumber(p.count, locale)),
            h(doc, 'span', { class: 'price' }, formatRials(p.price, locale)),
          ),
        ),
        h(doc, 'label', { class: 'opt' }, customRadio, w.smsCustom, customInput, customPrice),
        customError,
      ),
      ...(chooser ? [chooser.field] : []),
    ]
    return {
      chooser,
      radios,
      customRadio,
      customError,
      customInput,
      customPrice,
      words: { title: w.smsChargeTitle, content, confirmLabel: w.smsBuy },
    }
  }
  const shown = draw(now.t, now.locale)
  const { chooser, radios, customRadio, customError, customInput, customPrice } = shown
  const customCount = (): number | undefined => {
    const text = customInput.value.trim()
    const n = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN
    return n >= range.min && n <= range.max ? n : undefined
  }
  const check = () => {
    const ok = !customRadio.checked || customInput.value === '' || customCount() !== undefined
    customInput.setAttribute('aria-invalid', String(!ok))
    customError.textContent = ok ? '' : invalidText()
    const n = customCount()
    customPrice.textContent = n === undefined ? '' : formatRials(n * unit, now.locale)
  }
  customInput.addEventListener('input', () => {
    customRadio.checked = true
    check()
  })
  // Typing selects the custom count; focus alone does not, or a keyboard user tabbing past the
  // field to Buy would buy nothing (an empty custom count) instead of the chosen package.

  const outcome = await ask(call, {
    kind: 'sms-charge',
    ...shown.words,
    render: (t, locale) => {
      now = { t, locale }
      return draw(t, locale).words
    },
    // The count's price and its error message, in the new words.
    relocalized: check,
    run: async (o) => {
      let count: number
      let price: number
      if (customRadio.checked) {
        const n = customCount()
        if (n === undefined) {
          customInput.setAttribute('aria-invalid', 'true')
          customError.textContent = invalidText()
          customInput.focus()
          throw new StayOpen('')
        }
        count = n
        price = n * unit
      } else {
        const chosen = packages[radios.findIndex((r) => r.checked)] ?? packages[0]!
        count = chosen.count
        price = chosen.price
      }
      const { receipt_id } = await (chooser?.calls() ?? options.backend).smsCharge(
        {
          app_key: widget.app_key,
          count,
          price,
        },
        o,
      )
      return { count, price, receipt_id }
    },
  })
  if (outcome.kind === 'confirm') return { event: 'PLATFORM_SMS_CHARGE_SUCCESS', ...outcome.value }
  if (outcome.kind === 'close') {
    throw new PlatformError(ErrorCode.USER_CLOSED_POPUP, 'The user closed the top-up dialog')
  }
  return unexpectedEnd(outcome)
}
