// The `panel` fixture's answers to the host's dialogs (`panel.consent.allow()` and the like), by
// the dialog kinds each one answers, through ./answer.ts.
import type { Page } from '@playwright/test'
import { answerDialog } from './answer.js'

const PAYMENT_KINDS = ['payment', 'subscribe', 'doctor-service']

/** Answers the open dialog of one of `kinds` on `page`, choosing `choose` first. */
function answer(page: Page, kinds: string[], action: 'confirm' | 'cancel', choose: string[] = []) {
  const port = {
    evaluate: <A, R>(fn: (arg: A) => R, arg: A) => page.evaluate(fn as never, arg) as Promise<R>,
    click: (x: number, y: number) => page.mouse.click(x, y),
  }
  return answerDialog(port, { kinds, action, choose })
}

/** A dialog's two answers, with nothing to choose. */
const answers = (page: Page, kinds: string[]) => ({
  confirm: () => answer(page, kinds, 'confirm'),
  cancel: () => answer(page, kinds, 'cancel'),
})

/** The answers the `panel` fixture gives, by the dialogs they close. */
export function dialogAnswers(page: Page) {
  return {
    consent: {
      allow: () => answer(page, ['consent'], 'confirm'),
      cancel: () => answer(page, ['consent'], 'cancel'),
    },
    payment: {
      pay: ({ outcome = 'succeed', plan }: { outcome?: string; plan?: string } = {}) =>
        answer(page, PAYMENT_KINDS, 'confirm', [
          ...(plan ? [plan] : []),
          ...(outcome === 'succeed' ? [] : [outcome]),
        ]),
      cancel: () => answer(page, PAYMENT_KINDS, 'cancel'),
    },
    sms: {
      activate: ({ outcome = 'succeed' }: { outcome?: 'succeed' | 'declined' } = {}) =>
        answer(page, ['sms-activate'], 'confirm', outcome === 'succeed' ? [] : [outcome]),
      buy: ({
        package: index,
        outcome = 'succeed',
      }: {
        package?: number
        outcome?: 'succeed' | 'declined' | 'platform_error'
      } = {}) =>
        answer(page, ['sms-charge'], 'confirm', [
          ...(index === undefined ? [] : [String(index)]),
          ...(outcome === 'succeed' ? [] : [outcome]),
        ]),
      cancel: () => answer(page, ['sms-activate', 'sms-charge'], 'cancel'),
    },
    openLink: answers(page, ['open-link']),
    profile: answers(page, ['profile-add', 'profile-remove']),
  }
}
