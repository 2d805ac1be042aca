import type { TraceEntry } from 'platform-widget-sdk/host'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createInspector, type Inspector, isShortcut } from './inspector.js'
import { fingerprint, type PlatformCall } from './inspector-platform.js'

const HOSTILE = '<img src=x onerror="window.__pwned=1">'
const widgets = [
  { app_key: 'w', url: 'http://localhost:1/', name: 'Widget <b>one</b>', scopes: [] },
  { app_key: 'my-widget', url: 'http://localhost:2/', name: 'Mine', scopes: [] },
]

/** Each test's inspectors, and their webhook log readers, destroyed after it. */
const made: { inspector: Inspector; webhookDeliveries: () => unknown }[] = []

beforeEach(() => {
  // Only the poll's timers are faked: animation frames and vi.waitFor run as they do.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
})
afterEach(async () => {
  try {
    for (const { inspector } of made) inspector.destroy()
    const reads = made.map(
      ({ webhookDeliveries }) => vi.mocked(webhookDeliveries).mock.calls.length,
    )
    // Longer than two polls: a destroyed inspector neither reads again nor leaves a timer.
    await vi.advanceTimersByTimeAsync(4000)
    expect(vi.getTimerCount()).toBe(0)
    expect(
      made.map(({ webhookDeliveries }) => vi.mocked(webhookDeliveries).mock.calls.length),
    ).toEqual(reads)
    expect(document.querySelector('.inspector-toggle, #bridge-inspector')).toBeNull()
  } finally {
    made.length = 0
    vi.useRealTimers()
    document.body.replaceChildren()
    delete document.documentElement.dataset.inspector
    vi.restoreAllMocks()
  }
})

function setUp(
  options: { initial?: string; platformCalls?: (app_key: string) => Promise<PlatformCall[]> } = {},
) {
  const webhookDeliveries = vi.fn(async () => [])
  const inspector = createInspector({
    locale: 'en',
    context: 'doctor-panel',
    widgets,
    backend: { webhookDeliveries, platformCalls: options.platformCalls ?? (async () => []) },
    ...(options.initial ? { initial: options.initial } : {}),
  })
  made.push({ inspector, webhookDeliveries })
  inspector.attach()
  const toggle = document.querySelector<HTMLButtonElement>('.inspector-toggle')!
  const drawer = document.querySelector<HTMLElement>('#bridge-inspector')!
  return { inspector, toggle, drawer, webhookDeliveries }
}

const frame = () => new Promise((r) => requestAnimationFrame(r))

describe('the bridge inspector', () => {
  it("opens on the page's widget; an unknown one falls back to the first", () => {
    expect(setUp({ initial: 'my-widget' }).drawer.querySelector('select')!.value).toBe('my-widget')
    document.body.replaceChildren()
    expect(setUp({ initial: 'nope' }).drawer.querySelector('select')!.value).toBe('w')
  })

  it("lists the backend's platform calls as text, linked to the getSessionToken they came from", async () => {
    const token = 'session.token.value'
    const platformCalls = vi.fn(
      async (): Promise<PlatformCall[]> => [
        {
          id: 7,
          at: '2026-11-27T08:30:00.000Z',
          app_key: 'w',
          method: 'POST',
          path: `/v1/sms/messages?x=${HOSTILE}`,
          status: 402,
          duration_ms: 12,
          request: { headers: {}, body: HOSTILE },
          response: { body: '{"error":"SMS_CREDIT"}', truncated: true },
          links: { session: await fingerprint(token) },
        },
      ],
    )
    const { inspector, toggle, drawer } = setUp({ platformCalls })
    inspector.record({
      type: 'call',
      app_key: 'w',
      call_id: 3,
      time: 0,
      method: 'getSessionToken',
      args: {},
    })
    inspector.record({
      type: 'result',
      app_key: 'w',
      call_id: 3,
      time: 1,
      method: 'getSessionToken',
      duration: 1,
      ok: true,
      value: token,
    })
    toggle.click()
    const list = drawer.querySelector('.inspector-platform')!
    await vi.waitFor(() => expect(list.querySelector('.platform-call')).not.toBeNull())
    const row = list.querySelector('.platform-call')!
    expect(row.classList.contains('failed')).toBe(true)
    expect(row.textContent).toContain('402')
    expect(row.textContent).toContain(HOSTILE)
    expect(row.querySelector('img')).toBeNull()
    await vi.waitFor(() =>
      expect(row.isConnected && list.querySelector('.cause')?.textContent).toBe(
        'from call 3 getSessionToken',
      ),
    )
    expect(platformCalls).toHaveBeenCalledWith('w')
  })

  it('says when the platform-call log cannot be read', async () => {
    const { toggle, drawer } = setUp({
      platformCalls: async () => Promise.reject(new Error('HTTP 500')),
    })
    toggle.click()
    await vi.waitFor(() =>
      expect(drawer.querySelector('.inspector-platform .error')?.textContent).toBe(
        'Could not read the platform-call log: HTTP 500',
      ),
    )
  })

  it('shows a hostile widget value as text, never as markup', async () => {
    const { inspector, toggle, drawer } = setUp()
    toggle.click()
    const entries: TraceEntry[] = [
      {
        type: 'call',
        app_key: 'w',
        call_id: 1,
        time: 0,
        method: 'openLink',
        args: { url: HOSTILE },
      },
      {
        type: 'result',
        app_key: 'w',
        call_id: 1,
        time: 1,
        method: 'openLink',
        duration: 1,
        ok: false,
        error: { code: 'INVALID_ARGUMENT', message: HOSTILE },
      },
    ]
    for (const entry of entries) inspector.record(entry)
    await frame()
    const row = drawer.querySelector('[data-call-id="1"]')!
    expect(row.textContent).toContain(HOSTILE.replaceAll('"', '\\"'))
    expect(row.textContent).toContain('INVALID_ARGUMENT')
    expect(drawer.querySelector('img, b')).toBeNull()
    expect(drawer.querySelector('option')!.textContent).toBe('Widget <b>one</b>')
  })

  it('opens as a labelled region with focus on its title, and gives focus back on close', () => {
    const { toggle, drawer, webhookDeliveries } = setUp()
    toggle.focus()
    toggle.click()
    expect(drawer.hidden).toBe(false)
    expect(drawer.getAttribute('aria-labelledby')).toBe('bridge-inspector-title')
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(document.activeElement?.id).toBe('bridge-inspector-title')
    expect(webhookDeliveries).toHaveBeenCalledWith('w')
    drawer.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    expect(drawer.hidden).toBe(true)
    expect(document.activeElement).toBe(toggle)
  })

  it('neither opens by its shortcut nor takes focus while a host dialog is open', () => {
    const { toggle, drawer } = setUp()
    const layer = document.createElement('div')
    layer.setAttribute('data-platform-dialogs', '')
    const dialog = document.createElement('dialog')
    dialog.setAttribute('open', '')
    const button = document.createElement('button')
    dialog.append(button)
    layer.attachShadow({ mode: 'open' }).append(dialog)
    document.body.append(layer)
    button.focus()
    const press = () =>
      document.dispatchEvent(
        new KeyboardEvent('keydown', { code: 'KeyI', altKey: true, shiftKey: true, bubbles: true }),
      )
    press()
    expect(drawer.hidden).toBe(true)
    // Opened anyway (as a script could), it leaves focus where the dialog has it.
    toggle.click()
    expect(drawer.hidden).toBe(false)
    expect(document.activeElement).toBe(layer)
    layer.remove()
    toggle.click()
    press()
    expect(drawer.hidden).toBe(false)
  })

  it('polls the webhook log while open; destroy() ends the shortcut and the polling', async () => {
    const { inspector, drawer, webhookDeliveries } = setUp()
    const press = () =>
      document.dispatchEvent(
        new KeyboardEvent('keydown', { code: 'KeyI', altKey: true, shiftKey: true, bubbles: true }),
      )
    press()
    expect(drawer.hidden).toBe(false)
    await vi.advanceTimersByTimeAsync(1500)
    expect(webhookDeliveries).toHaveBeenCalledTimes(2)
    inspector.destroy()
    expect(drawer.isConnected).toBe(false)
    press()
    expect(drawer.hidden).toBe(true)
    await vi.advanceTimersByTimeAsync(4500)
    expect(webhookDeliveries).toHaveBeenCalledTimes(2)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('has Alt+Shift+I by key position, whatever the layout types', () => {
    const key = (init: KeyboardEventInit) => isShortcut(new KeyboardEvent('keydown', init))
    expect(key({ code: 'KeyI', key: 'ه', altKey: true, shiftKey: true })).toBe(true)
    expect(key({ code: 'KeyI', altKey: true, shiftKey: true, ctrlKey: true })).toBe(false)
    expect(key({ code: 'KeyI', altKey: true })).toBe(false)
  })
})

describe('Copy as test', () => {
  const calls = (inspector: ReturnType<typeof setUp>['inspector']) => {
    for (const [call_id, method] of [
      [1, 'smsActivate'],
      [2, 'smsCharge'],
      [3, 'openLink'],
    ] as const) {
      inspector.record({ type: 'call', app_key: 'w', call_id, time: 0, method, args: {} })
      inspector.record({
        type: 'result',
        app_key: 'w',
        call_id,
        time: 1,
        method,
        duration: 1,
        ok: false,
        error: { code: 'WRONG_CONTEXT', message: '' },
      })
    }
  }

  it('copies the range between two ticked calls, and says so', async () => {
    const writeText = vi.fn(async (_text: string) => {})
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as never)
    const { inspector, toggle, drawer } = setUp()
    calls(inspector)
    toggle.click()
    for (const id of [2, 3]) {
      drawer.querySelector<HTMLInputElement>(`[data-call-id="${id}"] .pick`)!.click()
    }
    drawer.querySelector<HTMLButtonElement>('[data-action="copy"]')!.click()
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledOnce())
    const text = writeText.mock.calls[0]![0]
    expect(text).not.toContain('sms.activate()')
    expect(text).toContain('sms.charge()')
    expect(text).toContain('openLink(')
    expect(drawer.querySelector('[role="status"]')!.textContent).toBe('Test copied.')
  })

  it('without the Clipboard API, shows the text selected and says to copy it', async () => {
    const writeText = vi.fn(async () => {
      throw new DOMException('denied', 'NotAllowedError')
    })
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as never)
    const { inspector, toggle, drawer } = setUp()
    calls(inspector)
    toggle.click()
    drawer.querySelector<HTMLButtonElement>('[data-action="copy"]')!.click()
    const source = drawer.querySelector<HTMLTextAreaElement>('textarea')!
    await vi.waitFor(() => expect(source.hidden).toBe(false))
    expect(source.value).toContain('sms.activate()')
    expect(document.activeElement).toBe(source)
    expect([source.selectionStart, source.selectionEnd]).toEqual([0, source.value.length])
    expect(drawer.querySelector('[role="status"]')!.textContent).toMatch(/copy it/)
  })
})

describe('the language switch', () => {
  it('draws the inspector again in place, open, keeping its calls, ticks and widget', async () => {
    const { inspector, toggle, drawer } = setUp({ initial: 'my-widget' })
    inspector.record({
      type: 'call',
      app_key: 'my-widget',
      call_id: 7,
      time: 0,
      method: 'openLink',
      args: {},
    })
    toggle.click()
    await frame()
    drawer.querySelector<HTMLInputElement>('[data-call-id="7"] input[type="checkbox"]')!.click()
    inspector.setLocale('fa')
    const [fresh] = document.querySelectorAll<HTMLElement>('#bridge-inspector')
    expect(document.querySelectorAll('#bridge-inspector, .inspector-toggle')).toHaveLength(2)
    expect(drawer.isConnected).toBe(false)
    expect(fresh!.hidden).toBe(false)
    expect(fresh!.querySelector('h2')!.textContent).toBe('بازرس پل ویجت‌ها')
    expect(fresh!.querySelector('select')!.value).toBe('my-widget')
    await frame()
    const box = fresh!.querySelector<HTMLInputElement>('[data-call-id="7"] input[type="checkbox"]')
    expect(box?.checked).toBe(true)
  })
})
