// `hostDialogs(page)`: the host's dialogs on any panel page (the dev panel, or a panel of your
// own), answered as a person does. Built on ./answer.ts, which finds the open dialog in the
// host's shadow root and clicks its controls with trusted input once the confirm is armed; this
// adds what a panel's tests need besides: the dialog's kind and language, a custom SMS count
// typed with the keyboard, and the tab an outside link opens in. Controls are found by their
// `data-action` and values, never by their words, so the same test runs in Persian and English.
import type { Page } from '@playwright/test'
import {
  type AnswerOptions,
  type AnswerResult,
  answerDialog,
  radioChecked,
  until,
} from './answer.js'

/**
 * The host dialogs' DOM, as tests read it: `HOST_DIALOG_DOM` of ./index.ts (declared there, the
 * entry's types being its own file's); `test/host-dialog-dom.test.ts` holds the host to it.
 */
export const DIALOG_DOM = {
  container: '[data-platform-dialogs]',
  dialog: 'dialog[open]',
  kind: 'data-kind',
  action: 'data-action',
  actions: ['confirm', 'cancel', 'close'],
  notArmed: 'aria-disabled',
  busy: 'aria-busy',
  failed: 'data-failed',
  alert: '[role=alert]',
  from: '[data-from]',
} as const

/** The open dialog as a test sees it. */
export interface OpenDialogInfo {
  kind: string
  /** The dialog's `lang`: the locale the panel's host speaks. */
  locale: string
  /** Its heading. */
  title: string
  /** The registered name the host-drawn band shows ("Requested by"). */
  from: string
}

export interface HostDialogsSettings {
  /** When set, each answer first checks that the open dialog speaks this locale. */
  locale?: string
  /** How long to wait for a dialog and each later state, in ms. */
  timeout: number
}

/** The open host dialog's kind, language, heading and band, or null. Runs in the panel page. */
export function describeDialog(kinds: string[]): OpenDialogInfo | null {
  const open = [...document.querySelectorAll('[data-platform-dialogs]')]
    .flatMap((c) => [...(c.shadowRoot?.querySelectorAll('dialog[open]') ?? [])])
    .find((d) => !kinds.length || kinds.includes((d as HTMLElement).dataset.kind ?? '')) as
    | HTMLDialogElement
    | undefined
  if (!open) return null
  const text = (el: Element | null | undefined) =>
    (el?.textContent ?? '').replace(/\s+/g, ' ').trim()
  const root = open.getRootNode() as ShadowRoot
  return {
    kind: open.dataset.kind ?? '',
    locale: open.lang,
    title: text(root.getElementById(open.getAttribute('aria-labelledby') ?? '')),
    from: text(open.querySelector('[data-from] bdi')),
  }
}

/** The middle of the open SMS top-up's custom count field, scrolled into view, or null. */
function aimAtCount(): { x: number; y: number } | null {
  const input = [...document.querySelectorAll('[data-platform-dialogs]')]
    .flatMap((c) => [
      ...(c.shadowRoot?.querySelectorAll('dialog[open][data-kind="sms-charge"] input') ?? []),
    ])
    .find((i) => (i as HTMLInputElement).type === 'number')
  if (!input) return null
  input.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  const r = input.getBoundingClientRect()
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 }
}

const PAYMENT_KINDS = ['payment', 'subscribe', 'doctor-service']

/** The implementation of `hostDialogs` (its types are declared in ./index.ts). */
export function makeHostDialogs(page: Page, settings: HostDialogsSettings) {
  const { timeout } = settings
  const port = {
    evaluate: <A, R>(fn: (arg: A) => R, arg: A) => page.evaluate(fn as never, arg) as Promise<R>,
    click: (x: number, y: number) => page.mouse.click(x, y),
  }
  const waitFor = async (kind?: string | string[]): Promise<OpenDialogInfo> => {
    const kinds = kind === undefined ? [] : [kind].flat()
    const named = kinds.join(' or ') || 'a host dialog'
    const info = await until(
      () => page.evaluate(describeDialog, kinds),
      `${named} to open on ${page.url()}`,
      timeout,
    )
    if (settings.locale !== undefined && info.locale !== settings.locale) {
      throw new Error(
        `The ${info.kind} dialog speaks "${info.locale}", not the page's "${settings.locale}"`,
      )
    }
    return info
  }
  const answer = async (options: AnswerOptions): Promise<AnswerResult> => {
    await waitFor(options.kinds)
    return answerDialog(port, { timeout, ...options })
  }
  /** Types `count` into the top-up's own count (which chooses it), as a person does. */
  const typeCount = async (count: number) => {
    await waitFor('sms-charge')
    const at = await until(() => page.evaluate(aimAtCount), 'the custom SMS count', timeout)
    await page.mouse.click(at.x, at.y)
    await page.keyboard.type(String(count))
    await until(
      () => page.evaluate(radioChecked, 'custom'),
      `the custom count ${count} to be chosen`,
      timeout,
    )
  }
  return {
    current: () => page.evaluate(describeDialog, []),
    waitFor,
    allow: () => answer({ kinds: ['consent'] }),
    deny: () => answer({ kinds: ['consent'], action: 'cancel' }),
    cancel: () => answer({ kinds: [], action: 'cancel' }),
    close: () => answer({ kinds: [], action: 'close' }),
    confirm: (kind?: string | string[]) =>
      answer({ kinds: kind === undefined ? [] : [kind].flat() }),
    pay: ({ outcome, plan }: { outcome?: string; plan?: string } = {}) =>
      answer({
        kinds: PAYMENT_KINDS,
        choose: [...(plan ? [plan] : []), ...(outcome && outcome !== 'succeed' ? [outcome] : [])],
      }),
    sms: {
      activate: () => answer({ kinds: ['sms-activate'] }),
      buy: async ({ package: index, count }: { package?: number; count?: number } = {}) => {
        if (index !== undefined && count !== undefined) {
          throw new Error('sms.buy: give a package or a count, not both')
        }
        if (count !== undefined) await typeCount(count)
        return answer({
          kinds: ['sms-charge'],
          choose: index === undefined ? [] : [String(index)],
        })
      },
    },
    openLink: async (): Promise<Page> => {
      await waitFor('open-link')
      const tab = page.context().waitForEvent('page', { timeout })
      // The tab's wait fails on its own if the answer fails first: nothing left unhandled.
      tab.catch(() => {})
      await answerDialog(port, { kinds: ['open-link'], timeout })
      return tab
    },
  }
}
