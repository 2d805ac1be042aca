import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { watchAnswer } from './no-answer.js'

let iframe: HTMLIFrameElement
beforeEach(() => {
  vi.useFakeTimers()
  iframe = document.createElement('iframe')
  iframe.style.display = 'block'
  document.body.append(iframe)
})
afterEach(() => {
  vi.useRealTimers()
  document.body.replaceChildren()
})

const notice = () => document.querySelector<HTMLElement>('[data-platform-no-answer]')
const load = () => iframe.dispatchEvent(new Event('load'))

function watch(onNoAnswer?: (n: HTMLElement) => void) {
  return watchAnswer({
    doc: document,
    iframe,
    timeout: 5000,
    text: () => ({ message: 'Mine did not respond.', lang: 'en', dir: 'ltr' }),
    ...(onNoAnswer ? { onNoAnswer } : {}),
  })
}

describe('watchAnswer', () => {
  it("puts a status notice in the frame's place when the loaded page never answers", () => {
    const told = vi.fn()
    watch(told)
    load()
    vi.advanceTimersByTime(4999)
    expect(notice()).toBeNull()
    vi.advanceTimersByTime(1)
    expect(notice()!.getAttribute('role')).toBe('status')
    expect(notice()!.textContent).toBe('Mine did not respond.')
    expect(notice()!.previousElementSibling).toBe(iframe)
    expect(iframe.style.display).toBe('none')
    expect(told).toHaveBeenCalledExactlyOnceWith(notice())
  })

  it('shows nothing for a page that answered while loading, or within the time after', () => {
    const w = watch()
    w.answered()
    load()
    vi.advanceTimersByTime(10_000)
    expect(notice()).toBeNull()
    // A reload whose page answers late, but in time.
    load()
    vi.advanceTimersByTime(3000)
    w.answered()
    vi.advanceTimersByTime(10_000)
    expect(notice()).toBeNull()
  })

  it('shows the notice again for a reload that does not answer, and removes it on an answer', () => {
    const w = watch()
    w.answered()
    load()
    load() // reloaded: no SYN since the last load
    vi.advanceTimersByTime(5000)
    expect(notice()).not.toBeNull()
    w.answered()
    expect(notice()).toBeNull()
    expect(iframe.style.display).toBe('block')
  })

  it('a panel callback that throws changes nothing; stop() ends the watch', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const w = watch(() => {
      throw new Error('boom')
    })
    load()
    vi.advanceTimersByTime(5000)
    expect(notice()).not.toBeNull()
    expect(error).toHaveBeenCalled()
    w.stop()
    expect(notice()).toBeNull()
    load()
    vi.advanceTimersByTime(10_000)
    expect(notice()).toBeNull()
  })
})
