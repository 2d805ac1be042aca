import { expect } from '@playwright/test'
import { PANEL } from '../helpers'
import type { Driver, Target } from './driver'

/**
 * The test panel and widget (e2e/fixtures) seen through an engine-neutral Driver. Every wait
 * polls for a state; nothing sleeps for a fixed time.
 */

export const WIDGET_FRAME = 'iframe[data-app-key="test-widget"]'

/** Polls `probe` until it returns a truthy value (errors count as "not yet"), and returns it. */
export async function until<T>(probe: () => Promise<T>, what: string, timeout = 8_000) {
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
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; last: ${String(last)}`)
    await new Promise((r) => setTimeout(r, 50)) // poll interval
  }
}

export async function openPanel(d: Driver, query = '') {
  await d.goto(`${PANEL}/e2e/fixtures/host.html?${query}`)
  await until(() => d.evaluate('top', () => window.hostReady === true, null), 'the host')
}

export async function widgetReady(d: Driver, frame: Target = WIDGET_FRAME) {
  await until(
    () => d.evaluate(frame, () => typeof window.settle === 'function', null),
    `the widget in ${frame}`,
  )
}

/** Opens the panel, waits for the widget and initializes it; returns initialize's outcome. */
export async function initialized(d: Driver, query = '') {
  await openPanel(d, query)
  await widgetReady(d)
  const init = await d.evaluate(WIDGET_FRAME, () => window.init(), null)
  expect(init).toMatchObject({ ok: true })
  return init
}

/**
 * Starts `platform.<path>(...args)` in the widget without waiting for it (a dialog may need an
 * answer first); `outcome(d, id)` waits for how it settled.
 */
export function begin(d: Driver, path: string, ...args: unknown[]): Promise<number> {
  return d.evaluate(
    WIDGET_FRAME,
    ([p, a]) => {
      window.calls ??= []
      const id = window.calls.push(null) - 1
      window.callApi(p, ...a).then((r: unknown) => {
        window.calls[id] = r
      })
      return id
    },
    [path, args] as [string, unknown[]],
  )
}

// biome-ignore lint/suspicious/noExplicitAny: settled outcomes are plain JSON
export function outcome(d: Driver, id: number): Promise<any> {
  return until(() => d.evaluate(WIDGET_FRAME, (i) => window.calls[i], id), `call ${id}`)
}

/** Calls and waits: for calls that open no dialog. */
export async function call(d: Driver, path: string, ...args: unknown[]) {
  return outcome(d, await begin(d, path, ...args))
}

export interface Control {
  label: string
  x: number
  y: number
  /** `aria-disabled="true"`: the confirm button before the host's intent delay has passed. */
  inactive: boolean
}

export interface DialogView {
  name: string
  cells: string[]
  controls: Control[]
  /** What has focus inside the dialog's shadow root: its label or tag. */
  focused: string | null
  focusedTag: string | null
  /** The confirm button accepts activation (the intent delay has passed). */
  confirmActive: boolean
  /** The dialog says the backend failed (`data-failed`), and what its alert says. */
  failed: boolean
  alert: string
}

/** The host's open dialog (in its shadow root, in the top layer), or null. */
export function dialog(d: Driver): Promise<DialogView | null> {
  return d.evaluate(
    'top',
    () => {
      const root = document.querySelector('[data-platform-dialogs]')?.shadowRoot
      const open = root?.querySelector('dialog[open]')
      if (!root || !open) return null
      const text = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim()
      const labelOf = (el: Element) =>
        el.getAttribute('aria-label') ||
        text(el.closest('label')) ||
        text(el.id ? root.querySelector(`label[for="${el.id}"]`) : null) ||
        text(el)
      const centre = (el: Element) => {
        const r = el.getBoundingClientRect()
        return { x: r.x + r.width / 2, y: r.y + r.height / 2 }
      }
      const name = text(root.getElementById(open.getAttribute('aria-labelledby') ?? ''))
      const active = root.activeElement
      return {
        name,
        cells: [...open.querySelectorAll('td')].map(text),
        controls: [...open.querySelectorAll('button, input')]
          .filter((el) => el.getClientRects().length > 0)
          .map((el) => ({
            label: labelOf(el),
            ...centre(el),
            inactive: el.getAttribute('aria-disabled') === 'true',
          })),
        confirmActive:
          open.querySelector('[data-action=confirm]')?.getAttribute('aria-disabled') !== 'true',
        failed: open.hasAttribute('data-failed'),
        alert: text(open.querySelector('[role=alert]')),
        focused: active ? labelOf(active) : null,
        focusedTag: active?.tagName ?? null,
      }
    },
    null,
  )
}

/** Waits for the open dialog named `name`. */
export function dialogNamed(d: Driver, name: RegExp) {
  return until(async () => {
    const view = await dialog(d)
    return view && name.test(view.name) ? view : null
  }, `a dialog named ${name}`)
}

export function noDialog(d: Driver) {
  return until(async () => (await dialog(d)) === null, 'no dialog')
}

/**
 * Clicks the dialog's control whose label matches `label`, once it accepts clicks (the confirm
 * button waits for the host's intent delay, as a user would).
 */
export async function clickControl(d: Driver, label: RegExp) {
  const active = () =>
    until(async () => {
      const view = await dialog(d)
      const found = view?.controls.find((c) => label.test(c.label))
      return found && !found.inactive ? found : null
    }, `an active control ${label}`)
  const control = await active()
  await d.click(control.x, control.y)
  // A click that gave the panel's window focus back (focus was in another frame) restarts the
  // intent delay, and the host ignores it, as it would a user's: click again once active.
  const after = await dialog(d)
  if (after?.controls.find((c) => label.test(c.label))?.inactive) {
    const again = await active()
    await d.click(again.x, again.y)
  }
}

/** The panel's state the journeys check. */
export function panelState(d: Driver) {
  return d.evaluate(
    'top',
    () => ({
      tokens: window.backend.tokens.length as number,
      charges: window.backend.charges as {
        kind: string
        amount: number
        receipt_id: string
        payload?: unknown
      }[],
      smsActive: window.backend.smsActive as boolean,
      navigations: window.navigations as string[],
      flows: (window.flows as { flowKey: string }[]).map((f) => f.flowKey),
    }),
    null,
  )
}

/**
 * The viewport point at the middle of the element `#id` in the widget, once the widget's frame
 * is as tall as its page: only then does the element stay where it was measured for a click
 * (DEVELOPERS.md, Flakes).
 *
 * @example
 * const at = await widgetPoint(d, 'open-link')
 * await d.click(at.x, at.y)
 */
export function widgetPoint(d: Driver, id: string) {
  return until(async () => {
    const frame = await d.evaluate(
      'top',
      (selector) => {
        const r = document.querySelector(selector)!.getBoundingClientRect()
        return { x: r.x, y: r.y, height: r.height }
      },
      WIDGET_FRAME,
    )
    const inside = await d.evaluate(
      WIDGET_FRAME,
      (element) => {
        const r = document.getElementById(element)!.getBoundingClientRect()
        return {
          x: r.x + r.width / 2,
          y: r.y + r.height / 2,
          page: document.documentElement.scrollHeight,
        }
      },
      id,
    )
    return Math.abs(frame.height - inside.page) <= 1
      ? { x: frame.x + inside.x, y: frame.y + inside.y }
      : null
  }, 'the widget frame at its page height')
}

/** Puts focus in the widget the way a user does: a click on its heading. */
export async function focusWidget(d: Driver) {
  const at = await d.evaluate(
    'top',
    (selector) => {
      const r = document.querySelector(selector)!.getBoundingClientRect()
      return { x: r.x + 40, y: r.y + 20 }
    },
    WIDGET_FRAME,
  )
  await d.click(at.x, at.y)
  await until(
    () => d.evaluate('top', () => document.activeElement?.tagName === 'IFRAME', null),
    'focus in the widget',
  )
}

/** The tag of the element that has focus in the panel page (IFRAME: in a widget). */
export function panelFocus(d: Driver) {
  return d.evaluate('top', () => document.activeElement?.tagName ?? null, null)
}
