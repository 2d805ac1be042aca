// A mounted widget whose page never answers: its server is down (the frame shows the browser's
// error page), the page has no SDK, or the SDK refused this panel (it posts nothing to a panel it
// does not trust). The host cannot tell these apart, and says only what is true of all three, in
// the widget's place: it did not respond. `HostOptions.onUnresponsive` lets a panel add more.

import { h } from './dialog/dom.js'

export interface AnswerWatch {
  /** The widget's SYN: it answered (again, after a reload). */
  answered(): void
  stop(): void
}

export interface AnswerWatchOptions {
  doc: Document
  iframe: HTMLIFrameElement
  /** How long after its page loaded the widget has to answer: the SDK's handshake time. */
  timeout: number
  /** The notice's text, in the panel's language then. */
  text: () => { message: string; lang: string; dir: 'rtl' | 'ltr' }
  /** Told once per page that did not answer, with the notice shown. */
  onNoAnswer?: (notice: HTMLElement) => void
}

/**
 * Watches each page the frame loads: a page that sent no SYN while it loaded, nor within
 * `timeout` after, is hidden behind a notice (`[data-platform-no-answer]`, a status line) until
 * it answers.
 */
export function watchAnswer(options: AnswerWatchOptions): AnswerWatch {
  const { doc, iframe, timeout } = options
  let syns = 0
  let synsAtLoad = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let notice: HTMLElement | undefined

  const hide = () => {
    if (!notice) return
    notice.remove()
    notice = undefined
    iframe.style.display = 'block'
  }
  const show = () => {
    const { message, lang, dir } = options.text()
    notice = h(doc, 'div', { role: 'status', 'data-platform-no-answer': '', lang, dir })
    notice.append(h(doc, 'p', {}, message))
    // The CSSOM, which a strict style-src allows; a panel restyles it by the attribute.
    Object.assign(notice.style, {
      padding: '16px',
      border: '1px dashed currentColor',
      borderRadius: '8px',
      opacity: '0.85',
    })
    iframe.style.display = 'none'
    iframe.after(notice)
    try {
      options.onNoAnswer?.(notice)
    } catch (error) {
      console.error('[platform host] onUnresponsive threw:', error)
    }
  }
  const onLoad = () => {
    clearTimeout(timer)
    // Its SYN comes while the page loads, before this event: one since the last load answers.
    const answeredWhileLoading = syns > synsAtLoad
    synsAtLoad = syns
    if (answeredWhileLoading) return
    timer = setTimeout(() => {
      if (syns === synsAtLoad && !notice) show()
    }, timeout)
  }
  iframe.addEventListener('load', onLoad)

  return {
    answered() {
      syns++
      clearTimeout(timer)
      hide()
    },
    stop() {
      clearTimeout(timer)
      iframe.removeEventListener('load', onLoad)
      notice?.remove()
    },
  }
}
