import { afterEach, describe, expect, it, vi } from 'vitest'
import { ErrorCode, PlatformError } from '../events/index.js'
import type { WidgetGuard } from '../host-kit/guard.js'
import { OPERATIONS } from '../operations/index.js'
import { deadlineTimer } from '../transport/deadlines.js'
import type { CallTrace } from './call-trace.js'
import { type CallDeps, type CallState, type HandlerTable, runCall } from './pipeline.js'
import type { HostOptions } from './types.js'

const timers: { destroy(): void }[] = []
afterEach(() => {
  for (const t of timers.splice(0)) t.destroy()
  vi.restoreAllMocks()
})

/** A session's parts for the steps: the guard admits (or refuses with `refuse`). */
function parts(options: { context?: HostOptions['context']; refuse?: 'answer' | 'drop' } = {}) {
  const released = vi.fn()
  const guard = {
    admit: () => (options.refuse ? '100 calls in one second' : released),
    answerRefusal: () => options.refuse === 'answer',
  } as unknown as WidgetGuard
  const deps = {
    widget: { app_key: 'demo', url: 'https://widget.test/', origin: 'https://widget.test' },
    guard,
    options: { context: options.context ?? 'doctor-panel' } as HostOptions,
    panelOrigin: 'https://panel.test',
    locale: () => 'en',
    layer: () => ({ doc: document }),
    emit: vi.fn(),
    warn: vi.fn(),
    framedBy: () => undefined,
  } as unknown as CallDeps
  const handler = vi.fn(async (request: unknown) => ({ request }))
  const deadlines = deadlineTimer((m) => new PlatformError(ErrorCode.TIMEOUT, m))
  timers.push(deadlines)
  const state: CallState = {
    initialized: true,
    signal: new AbortController().signal,
    deadlines,
    handlers: new Proxy({}, { get: () => handler }) as HandlerTable,
  }
  const seen: unknown[][] = []
  const hooks = {
    call: (...args: unknown[]) => seen.push(['call', ...args]),
    dialog: () => {},
    event: (value: unknown) => seen.push(['event', value]),
    unanswered: (error: unknown) => seen.push(['unanswered', error]),
  } as CallTrace
  return { deps, state, handler, released, hooks, seen }
}

describe('the call pipeline', () => {
  it('validates once: the handler and the trace get what the row’s check returned', async () => {
    const p = parts()
    const check = vi.spyOn(OPERATIONS.openLink, 'validate')
    const raw = { url: 'https://example.org/a' }
    const outcome = await runCall(p.deps, p.state, 'openLink', raw, p.hooks)
    expect(check).toHaveBeenCalledTimes(1)
    const checked = check.mock.results[0]!.value
    expect(checked).not.toBe(raw)
    expect(p.handler.mock.calls[0]![0]).toBe(checked)
    expect(p.seen).toEqual([['call', checked]])
    expect(outcome).toEqual({ ok: true, value: { request: checked } })
    expect(p.released).toHaveBeenCalledOnce()
  })

  it.each([
    ['not initialized', { initialized: false }, {}, 'NOT_INITIALIZED'],
    [
      'outside a refusing row’s contexts',
      {},
      { context: 'booking-flow' as const },
      'WRONG_CONTEXT',
    ],
  ])('refuses a call %s before its check, untraced args', async (_, state, options, code) => {
    const p = parts(options)
    const check = vi.spyOn(OPERATIONS.profile, 'validate')
    const outcome = await runCall(
      p.deps,
      { ...p.state, ...state },
      'profile',
      { action: 'nope' },
      p.hooks,
    )
    expect(outcome).toMatchObject({ ok: false, error: { code } })
    expect(check).not.toHaveBeenCalled()
    expect(p.handler).not.toHaveBeenCalled()
    expect(p.seen).toEqual([['call']])
    expect(p.released).toHaveBeenCalledOnce()
  })

  it('answers a no-effect row outside its contexts without its handler, after its check', async () => {
    const p = parts({ context: 'doctor-panel' })
    await expect(runCall(p.deps, p.state, 'flow', { flowKey: 'BOOKING.RECEIPT' })).resolves.toEqual(
      { ok: true, value: { applied: false } },
    )
    expect(p.deps.warn).toHaveBeenCalledWith(
      'flow.dispatch has no effect in the doctor-panel context',
    )
    await expect(runCall(p.deps, p.state, 'flow', { flowKey: 'nope' })).resolves.toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    })
    expect(p.handler).not.toHaveBeenCalled()
  })

  it('answers refusals up to the guard’s limit, and beyond it nothing', async () => {
    const answered = parts({ refuse: 'answer' })
    await expect(
      runCall(answered.deps, answered.state, 'smsActivate', {}, answered.hooks),
    ).resolves.toMatchObject({ ok: false, error: { code: 'RATE_LIMITED' } })
    const dropped = parts({ refuse: 'drop' })
    const never = runCall(dropped.deps, dropped.state, 'smsActivate', {}, dropped.hooks)
    const race = await Promise.race([never, new Promise((r) => setTimeout(r, 20, 'none'))])
    expect(race).toBe('none')
    expect(dropped.seen.map(([kind]) => kind)).toEqual(['call', 'unanswered'])
    expect(dropped.handler).not.toHaveBeenCalled()
  })

  it('emits a result with an event after the handler, outside its try', async () => {
    const p = parts()
    const result = { event: 'PLATFORM_SMS_ACTIVATE_SUCCESS' }
    p.handler.mockResolvedValueOnce(result as never)
    vi.mocked(p.deps.emit).mockImplementation(() => {
      throw new Error('a listener threw')
    })
    await expect(runCall(p.deps, p.state, 'smsActivate', {}, p.hooks)).rejects.toThrow(
      'a listener threw',
    )
    expect(p.seen).toEqual([
      ['call', {}],
      ['event', result],
    ])
  })
})
