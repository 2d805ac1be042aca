import { existsSync, readdirSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { doctorServiceAmounts, LOCALES, type Locale } from '../src/events/index.js'
import { words as doctorWords } from '../src/operations/payForDoctorService/words.js'
import { dialogUi } from './support/dialogs.js'
import { unmockFakeFolders, withFakeFolder } from './support/fake-folders.js'
import { until } from './support/wait.js'

// Each operation whose dialog has words of its own keeps them in its folder (`words.ts`, both
// locales, `fa` typed by `en`): these hold every such folder to what the host kit's catalog
// holds its shared words to.
const folders = readdirSync('src/operations', { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(`src/operations/${e.name}/words.ts`))
  .map((e) => e.name)

type Words = Record<Locale, Record<string, unknown>>
const load = async (name: string) =>
  ((await import(`../src/operations/${name}/words.ts`)) as { words: Words }).words

/** A word as text: a function's with stand-in arguments, a record's values joined. */
const text = (value: unknown) =>
  typeof value === 'function'
    ? (value as (...a: string[]) => string)('X', 'Y')
    : typeof value === 'string'
      ? value
      : Object.values(value as object).join(' ')

describe("the operations' own dialog words", () => {
  it('are found in the folders of the dialogs that have them', () => {
    expect(folders).toEqual(
      expect.arrayContaining(['pay', 'payForDoctorService', 'smsCharge', 'subscribe']),
    )
  })

  it.each(folders)('%s: the same keys in both locales, records included', async (name) => {
    const words = await load(name)
    const shape = (w: Record<string, unknown>) =>
      Object.entries(w)
        .map(([k, v]) => (v && typeof v === 'object' ? `${k}{${Object.keys(v).sort()}}` : k))
        .sort()
    expect(shape(words.fa)).toEqual(shape(words.en))
  })

  it.each(folders.flatMap((name) => LOCALES.map((locale) => [name, locale] as const)))(
    '%s: no empty word in %s',
    async (name, locale) => {
      for (const [key, value] of Object.entries((await load(name))[locale])) {
        expect(text(value).trim(), key).not.toBe('')
      }
    },
  )

  it.each<[Locale, RegExp]>([
    ['en', /^[\x20-\x7e…]+$/],
    ['fa', /[\u0600-\u06ff]/],
  ])('writes %s dialog titles in its own script', async (locale, script) => {
    for (const name of folders) {
      const words = (await load(name))[locale]
      for (const [key, value] of Object.entries(words)) {
        if (/Title$/.test(key)) expect(text(value), `${name}.${key}`).toMatch(script)
      }
    }
  })

  // Regression test, fixed bug (`doctorVat` in both locales): the label said "VAT (9% of 30%)",
  // i.e. 2.7%, but the spec's rule and doctorServiceAmounts charge `amount * 0.3 * 0.1`, i.e. 10%
  // of 30% = 3%: the dialog showed a rate that was not the one applied.
  it.each(LOCALES.map((l) => [l]))(
    'labels the VAT with the rate doctorServiceAmounts applies (%s)',
    (locale) => {
      const fromPersian = (t: string) =>
        Number(t.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))))
      const label = doctorWords[locale].doctorVat
      const [a, b] = [...label.matchAll(/([\d۰-۹]+)[%٪]/g)].map((m) => fromPersian(m[1]!))
      expect(a).toBeDefined()
      expect(b).toBeDefined()
      expect(doctorServiceAmounts(100_000).vat).toBe(Math.round(100_000 * (a! / 100) * (b! / 100)))
    },
  )
})

/** A path of `window.platform`, read from a platform whose type has not the fake's call. */
const at = (object: unknown, path: string) =>
  path.split('.').reduce((o, k) => (o as Record<string, unknown> | undefined)?.[k], object)

// A fake folder registered as a real one is (test/support/fake-folders.ts), whose dialog has words
// of its own: the folder's words.ts is all it takes for them to reach the dialog.
describe('a fake operation folder with a dialog and words of its own', () => {
  afterEach(unmockFakeFolders)

  it('a fake folder with a dialog and words of its own shows its words, in both locales', async () => {
    expect(readdirSync('test/fixtures/operations/fixtureRate').sort()).toEqual([
      'contract.test.ts',
      'contract.ts',
      'handler.ts',
      'sdk.ts',
      'words.ts',
    ])
    const { testing } = await withFakeFolder(['fixtureRate'])
    const { words } = await import('./fixtures/operations/fixtureRate/words.js')
    const ui = dialogUi()
    const kit = testing.createTestHost({ install: false, answerDialogs: false, locale: 'en' })
    try {
      await kit.platform.initialize({ app_key: 'test-widget' })
      const rate = at(kit.platform, 'widget.fixtureRate') as (r: unknown) => Promise<unknown>
      const rated = rate({ stars: 4 })
      await until(() => ui.dialog())
      expect(ui.dialog()?.dataset.kind).toBe('fixture-rate')
      expect(ui.text()).toContain(words.en.rateTitle)
      expect(ui.text()).toContain(words.en.rateBody('Test widget', '4'))
      expect(ui.button(words.en.rateButton)).toBeDefined()
      // The panel turns Persian while the dialog is open: the folder's fa words replace them.
      kit.host.setLocale('fa')
      await until(() => ui.text().includes(words.fa.rateTitle))
      expect(ui.text()).toContain(words.fa.rateBody('Test widget', '۴'))
      expect(ui.text()).not.toContain(words.en.rateTitle)
      expect(ui.button(words.fa.rateButton)).toBeDefined()
      ui.pressEscape()
      await expect(rated).resolves.toEqual({ rated: false })
    } finally {
      kit.destroy()
    }
    // Opened in Persian, it is drawn in Persian from the first.
    const fa = testing.createTestHost({ install: false, answerDialogs: false, locale: 'fa' })
    try {
      await fa.platform.initialize({ app_key: 'test-widget' })
      const rated = (at(fa.platform, 'widget.fixtureRate') as (r: unknown) => Promise<unknown>)({
        stars: 2,
      })
      await until(() => ui.dialog())
      expect(ui.text()).toContain(words.fa.rateTitle)
      expect(ui.text()).toContain(words.fa.rateBody('Test widget', '۲'))
      ui.pressEscape()
      await expect(rated).resolves.toEqual({ rated: false })
    } finally {
      fa.destroy()
    }
  })
})
