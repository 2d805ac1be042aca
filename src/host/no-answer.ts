// The notice in a widget's place when it did not come up (see `lifecycle.ts` for when): the frame
// is hidden behind a status line saying why, in the panel's language, until a page connects.
// `HostOptions.onUnresponsive` lets a panel add more.

import { h } from '../host-kit/dialog/dom.js'

/** The notice's words, in the panel's language then. */
export interface NoticeText {
  message: string
  lang: string
  dir: 'rtl' | 'ltr'
}

export interface FrameNotice {
  /** Hides the frame behind a notice (`[data-platform-no-answer]`) with `text`; returns it. */
  show(text: NoticeText): HTMLElement
  /** Removes the notice, if any, and shows the frame again. */
  hide(): void
  shown(): boolean
}

/** The notice for one frame: at most one at a time, a new one in place of the last. */
export function frameNotice(doc: Document, iframe: HTMLIFrameElement): FrameNotice {
  let notice: HTMLElement | undefined
  const hide = () => {
    if (!notice) return
    notice.remove()
    notice = undefined
    iframe.style.display = 'block'
  }
  return {
    show({ message, lang, dir }) {
      hide()
      const shown = h(doc, 'div', { role: 'status', 'data-platform-no-answer': '', lang, dir })
      shown.append(h(doc, 'p', {}, message))
      // The CSSOM, which a strict style-src allows; a panel restyles it by the attribute.
      Object.assign(shown.style, {
        padding: '16px',
        border: '1px dashed currentColor',
        borderRadius: '8px',
        opacity: '0.85',
      })
      iframe.style.display = 'none'
      iframe.after(shown)
      notice = shown
      return shown
    },
    hide,
    shown: () => notice !== undefined,
  }
}
