// The dialog DOM that `hostDialogs` (platform-widget-dev/playwright) reads and docs/panel.md
// documents, held against the host's own dialogs: each selector and attribute of
// HOST_DIALOG_DOM is there, with the meaning it says.
import { afterEach, beforeAll, expect, it, vi } from 'vitest'
import { DIALOG_DOM } from '../demo/playwright/host-dialogs.js'
import { loadWords } from '../src/host-kit/dialog/catalog.js'
import { createDialogLayer } from '../src/host-kit/dialog/dialog.js'

// The host loads each locale's words with its dialogs; these tests build dialogs directly.
beforeAll(() => Promise.all([loadWords('en'), loadWords('fa')]))

const layers: { destroy(): void }[] = []
afterEach(() => {
  vi.useRealTimers()
  for (const layer of layers.splice(0)) layer.destroy()
})

function openDialog(run: () => unknown) {
  const layer = createDialogLayer(document, undefined, {}, { intentDelay: 500 })
  layers.push(layer)
  void layer.show({
    kind: 'payment',
    from: { name: 'Clinic tools', origin: 'https://tools.example' },
    locale: 'fa',
    title: 'Pay',
    content: [],
    confirmLabel: 'Pay',
    run,
    signal: new AbortController().signal,
    timeout: 60_000,
  })
  const container = document.querySelector(DIALOG_DOM.container)
  const dialog = container?.shadowRoot?.querySelector(DIALOG_DOM.dialog) as HTMLDialogElement
  const button = (action: string) =>
    dialog.querySelector<HTMLButtonElement>(`[${DIALOG_DOM.action}="${action}"]`)!
  return { container, dialog, button }
}

it('finds the open dialog in the container, its kind, actions, band and language', () => {
  vi.useFakeTimers()
  const { container, dialog, button } = openDialog(() => 'paid')
  expect(container?.shadowRoot?.mode).toBe('open')
  expect(dialog.getAttribute(DIALOG_DOM.kind)).toBe('payment')
  expect(dialog.lang).toBe('fa')
  for (const action of DIALOG_DOM.actions) expect(button(action)).toBeTruthy()
  expect(dialog.querySelector(`${DIALOG_DOM.from} bdi`)?.textContent).toBe('Clinic tools')
})

it('the confirm says it is not armed until the intent delay has passed', async () => {
  vi.useFakeTimers()
  const { button } = openDialog(() => 'paid')
  expect(button('confirm').getAttribute(DIALOG_DOM.notArmed)).toBe('true')
  await vi.advanceTimersByTimeAsync(499)
  expect(button('confirm').getAttribute(DIALOG_DOM.notArmed)).toBe('true')
  await vi.advanceTimersByTimeAsync(2)
  expect(button('confirm').hasAttribute(DIALOG_DOM.notArmed)).toBe(false)
})

it('busy while the confirm runs; failed, with its alert, when the backend failed', async () => {
  vi.useFakeTimers()
  let fail = (_: Error) => {}
  const { dialog, button } = openDialog(
    () =>
      new Promise((_, reject) => {
        fail = reject
      }),
  )
  await vi.advanceTimersByTimeAsync(501)
  button('confirm').click()
  expect(dialog.getAttribute(DIALOG_DOM.busy)).toBe('true')
  fail(new Error('the backend is down'))
  await vi.advanceTimersByTimeAsync(0)
  expect(dialog.getAttribute(DIALOG_DOM.busy)).toBe('false')
  expect(dialog.hasAttribute(DIALOG_DOM.failed)).toBe(true)
  expect(dialog.querySelector(DIALOG_DOM.alert)?.textContent).not.toBe('')
})
