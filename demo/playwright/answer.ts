// Answering the host's dialogs as a person does, written once for every engine: the Playwright
// fixture runs it over a Playwright page, the repository's engine journeys over their WebDriver
// `Driver` (e2e/engines). It needs two things of its engine: run `readDialog` in the panel page,
// and click at viewport coordinates with real (trusted) input. The host ignores a confirm click
// before its intent delay (500 ms), and again after the dialog moved or the page lost focus, so
// a click is made only on an armed control and repeated only when the host says it was ignored.

/** What an engine gives the answering code. */
export interface DialogPort {
  /** Runs `fn(arg)` in the panel page (not a frame) and returns its JSON-like result. */
  evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<R>
  /** A real left click at viewport coordinates of the panel page. */
  click(x: number, y: number): Promise<void>
}

/** One control of the open dialog, at the middle of its box. */
export interface DialogControl {
  /** `confirm`, `cancel`, `close`, or `choice` (a radio). */
  action: string
  /** A radio's value (`declined`, a plan key, an SMS count). */
  value: string
  label: string
  x: number
  y: number
  /** The confirm ignores clicks now (its intent delay is counting). */
  inactive: boolean
  hidden: boolean
}

/** The open host dialog as `readDialog` sees it. */
export interface DialogView {
  kind: string
  busy: boolean
  failed: boolean
  /** The dialog's sentence after a failure (`role=alert`). */
  alert: string
  controls: DialogControl[]
}

/**
 * The open host dialog of one of `kinds` (any kind when empty), or null. Runs in the panel page:
 * self-contained, no closure. The host draws its dialogs in an open shadow root.
 */
export function readDialog(kinds: string[]): DialogView | null {
  const dialogs = [...document.querySelectorAll('[data-platform-dialogs]')].flatMap((c) => [
    ...(c.shadowRoot?.querySelectorAll('dialog[open]') ?? []),
  ]) as HTMLDialogElement[]
  const open = dialogs.find((d) => !kinds.length || kinds.includes(d.dataset.kind ?? ''))
  if (!open) return null
  const box = (el: Element) => {
    const r = el.getBoundingClientRect()
    return { x: r.x + r.width / 2, y: r.y + r.height / 2, hidden: r.width === 0 }
  }
  const buttons = [...open.querySelectorAll('button[data-action]')].map((b) => ({
    action: (b as HTMLElement).dataset.action ?? '',
    value: '',
    label: (b.getAttribute('aria-label') ?? b.textContent ?? '').trim(),
    inactive: b.getAttribute('aria-disabled') === 'true' || (b as HTMLButtonElement).disabled,
    ...box(b),
    hidden: (b as HTMLElement).hidden || box(b).hidden,
  }))
  const radios = [...open.querySelectorAll('label:has(input[type=radio])')].map((l) => {
    const input = l.querySelector('input') as HTMLInputElement
    return {
      action: 'choice',
      value: input.value,
      label: (l.textContent ?? '').trim(),
      inactive: input.disabled,
      ...box(l),
    }
  })
  return {
    kind: open.dataset.kind ?? '',
    busy: open.getAttribute('aria-busy') === 'true',
    failed: open.hasAttribute('data-failed'),
    alert: (open.querySelector('[role=alert]')?.textContent ?? '').trim(),
    controls: [...radios, ...buttons],
  }
}

/**
 * Scrolls the open dialog's control into view (a tall dialog on a small screen scrolls inside)
 * and returns the middle of its box, or null. Runs in the panel page: self-contained.
 */
export function aimAt([kinds, action, value]: [string[], string, string]): {
  x: number
  y: number
} | null {
  const dialogs = [...document.querySelectorAll('[data-platform-dialogs]')].flatMap((c) => [
    ...(c.shadowRoot?.querySelectorAll('dialog[open]') ?? []),
  ]) as HTMLDialogElement[]
  const open = dialogs.find((d) => !kinds.length || kinds.includes(d.dataset.kind ?? ''))
  const target =
    action === 'choice'
      ? [...(open?.querySelectorAll('input[type=radio]') ?? [])]
          .find((r) => (r as HTMLInputElement).value === value)
          ?.closest('label')
      : open?.querySelector(`button[data-action="${action}"]`)
  if (!target) return null
  // Centred: at the scroll area's edge, a choice lies under the dialog's sticky foot (the SMS
  // top-up's last test outcome did), and the click would land on the foot.
  target.scrollIntoView({ block: 'center', inline: 'nearest' })
  const r = target.getBoundingClientRect()
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 }
}

/** Whether the radio of `value` in the open dialog is checked. Runs in the panel page. */
export function radioChecked(value: string): boolean {
  return [...document.querySelectorAll('[data-platform-dialogs]')].some((c) =>
    [...(c.shadowRoot?.querySelectorAll('dialog[open] input[type=radio]') ?? [])].some(
      (r) => (r as HTMLInputElement).value === value && (r as HTMLInputElement).checked,
    ),
  )
}

export interface AnswerOptions {
  /** The dialog kinds to answer (`consent`, `payment`, `subscribe`, `doctor-service`, …). */
  kinds: string[]
  /** What to press. Default `confirm`. */
  action?: 'confirm' | 'cancel' | 'close'
  /** Radios to choose first, by value (a test outcome, a plan key), in order. */
  choose?: string[]
  /** How long to wait for the dialog, and for each later state. Default 15 s. */
  timeout?: number
}

/** How the dialog ended: closed, or left open saying the platform failed (then closed by us). */
export type AnswerResult = { ended: 'closed' } | { ended: 'failed'; alert: string }

/** Polls `probe` until it returns a non-null, non-false value, or throws naming `what`. */
export async function until<T>(
  probe: () => Promise<T | null | undefined | false>,
  what: string,
  timeout: number,
): Promise<T> {
  const end = Date.now() + timeout
  let last: unknown
  for (;;) {
    try {
      const value = await probe()
      if (value) return value
      last = value
    } catch (error) {
      last = error
    }
    if (Date.now() > end) {
      throw new Error(`Timed out after ${timeout} ms waiting for ${what} (last: ${String(last)})`)
    }
    await new Promise((r) => setTimeout(r, 50)) // a poll, not a wait for time
  }
}

/**
 * Waits for a dialog of `kinds`, chooses its radios, presses its control once it is armed, and
 * waits until it closed. A confirm the platform then fails leaves the dialog saying so: it is
 * closed as a person would (its Close), so the widget gets the failure, and the result says so.
 *
 * @example
 * await answerDialog(port, { kinds: ['payment'], choose: ['declined'] })
 */
export async function answerDialog(
  port: DialogPort,
  { kinds, action = 'confirm', choose = [], timeout = 15_000 }: AnswerOptions,
): Promise<AnswerResult> {
  const read = () => port.evaluate(readDialog, kinds)
  const named = kinds.join(' or ') || 'a host dialog'
  await until(read, `${named} to open`, timeout)
  for (const value of choose) {
    const view = await read()
    const radio = view?.controls.find((c) => c.action === 'choice' && c.value === value)
    if (!radio) {
      const offered = view?.controls.filter((c) => c.action === 'choice').map((c) => c.value)
      throw new Error(
        `The ${view?.kind} dialog has no choice "${value}" (it offers: ${offered?.join(', ') || 'none'})`,
      )
    }
    const at = await port.evaluate(aimAt, [kinds, 'choice', value] as [string[], string, string])
    if (at) await port.click(at.x, at.y)
    await until(() => port.evaluate(radioChecked, value), `"${value}" to be chosen`, timeout)
  }
  await press(port, read, kinds, action, named, timeout)
  const end = await until(
    async () => {
      const view = await read()
      if (!view) return { ended: 'closed' } as const
      if (view.failed && !view.busy) return { ended: 'failed', alert: view.alert } as const
      return null
    },
    `${named} to close after ${action}`,
    timeout,
  )
  if (end.ended === 'failed') {
    await press(port, read, kinds, 'cancel', named, timeout)
    await until(async () => !(await read()), `${named} to close`, timeout)
  }
  return end
}

/** Clicks the control `action` once armed; again only when the host said it ignored the click. */
async function press(
  port: DialogPort,
  read: () => Promise<DialogView | null>,
  kinds: string[],
  action: string,
  named: string,
  timeout: number,
): Promise<void> {
  for (let clicks = 1; ; clicks++) {
    const control = await until(
      async () => {
        const found = (await read())?.controls.find((c) => c.action === action && !c.hidden)
        return found && !found.inactive ? found : null
      },
      `an armed ${action} in ${named}`,
      timeout,
    )
    const at = await port.evaluate(aimAt, [kinds, action, ''] as [string[], string, string])
    await port.click(at?.x ?? control.x, at?.y ?? control.y)
    if (action !== 'confirm') return
    // Taken (busy, closed, failed), or ignored (the confirm says it is not active yet).
    const after = await until(
      async () => {
        const view = await read()
        if (!view || view.busy || view.failed) return 'taken'
        const confirm = view.controls.find((c) => c.action === 'confirm')
        return confirm?.inactive ? 'ignored' : null
      },
      `the host to take the click on ${action} (or say it is not active yet)`,
      timeout,
    )
    if (after === 'taken') return
    if (clicks === 5)
      throw new Error(`The host ignored 5 clicks on the armed ${action} of ${named}`)
  }
}
