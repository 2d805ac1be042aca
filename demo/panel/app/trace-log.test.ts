import type { TraceEntry } from 'platform-widget-sdk/host'
import { describe, expect, it, vi } from 'vitest'
import { createTraceLog } from './trace-log.js'

const call = (call_id: number, method = 'pay', app_key = 'w'): TraceEntry => ({
  type: 'call',
  app_key,
  call_id,
  time: call_id,
  method: method as 'pay',
  args: { product_key: 'pro' },
})

describe('the trace log', () => {
  it('folds a call, its dialog, event and result into one record, per widget', () => {
    const log = createTraceLog()
    const told = vi.fn()
    log.subscribe(told)
    log.record(call(1))
    log.record(call(2, 'getSessionToken', 'other'))
    log.record({
      type: 'dialog',
      app_key: 'w',
      call_id: 1,
      time: 2,
      kind: 'payment',
      answer: 'cancel',
    })
    const result = { event: 'PLATFORM_PAYMENT_CANCEL' as const }
    log.record({ type: 'event', app_key: 'w', call_id: 1, time: 3, event: result.event, result })
    log.record({
      type: 'result',
      app_key: 'w',
      call_id: 1,
      time: 4,
      method: 'pay',
      duration: 3,
      ok: true,
      value: result,
    })
    expect(log.calls('w')).toEqual([
      {
        call_id: 1,
        app_key: 'w',
        method: 'pay',
        args: { product_key: 'pro' },
        time: 1,
        dialogs: [{ kind: 'payment', answer: 'cancel' }],
        events: [{ event: 'PLATFORM_PAYMENT_CANCEL', result }],
        result: { ok: true, value: result },
        duration: 3,
      },
    ])
    expect(log.calls('other').map((c) => c.method)).toEqual(['getSessionToken'])
    expect(told.mock.calls.map(([k]) => k)).toEqual(['w', 'other', 'w', 'w', 'w'])
  })

  it('keeps the last LIMIT calls of each widget, and drops entries of calls it dropped', () => {
    const log = createTraceLog(3)
    for (let i = 1; i <= 5; i++) log.record(call(i))
    log.record({
      type: 'dialog',
      app_key: 'w',
      call_id: 1,
      time: 9,
      kind: 'payment',
      answer: 'close',
    })
    expect(log.calls('w').map((c) => c.call_id)).toEqual([3, 4, 5])
    expect(log.calls('w').every((c) => c.dialogs.length === 0)).toBe(true)
  })

  it("leaves out the SDK's resize and bye", () => {
    const log = createTraceLog()
    log.record(call(1, 'resize'))
    log.record({
      type: 'result',
      app_key: 'w',
      call_id: 1,
      time: 1,
      method: 'resize',
      duration: 0,
      ok: true,
      value: null,
    })
    log.record(call(2, 'bye'))
    expect(log.calls('w')).toEqual([])
  })
})
