import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { frameNotice } from './no-answer.js'

let iframe: HTMLIFrameElement
beforeEach(() => {
  iframe = document.createElement('iframe')
  iframe.style.display = 'block'
  document.body.append(iframe)
})
afterEach(() => {
  document.body.replaceChildren()
})

const notices = () => document.querySelectorAll<HTMLElement>('[data-platform-no-answer]')
const text = (message: string) => ({ message, lang: 'en', dir: 'ltr' as const })

describe('frameNotice', () => {
  it("puts one status notice in the frame's place, the newest, and takes it away", () => {
    const notice = frameNotice(document, iframe)
    expect(notice.shown()).toBe(false)
    const first = notice.show(text('Mine did not respond.'))
    expect(first.getAttribute('role')).toBe('status')
    expect(first.getAttribute('lang')).toBe('en')
    expect(first.previousElementSibling).toBe(iframe)
    expect(iframe.style.display).toBe('none')
    notice.show(text('Mine could not be reached.'))
    expect([...notices()].map((n) => n.textContent)).toEqual(['Mine could not be reached.'])
    notice.hide()
    expect(notices()).toHaveLength(0)
    expect(notice.shown()).toBe(false)
    expect(iframe.style.display).toBe('block')
  })

  it('shows what it is given as text, never as markup', () => {
    frameNotice(document, iframe).show(text('<img src=x onerror=alert(1)> did not respond.'))
    expect(notices()[0]!.querySelector('img')).toBeNull()
    expect(notices()[0]!.textContent).toBe('<img src=x onerror=alert(1)> did not respond.')
  })
})
