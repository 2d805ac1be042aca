/**
 * The SDK's content height (src/sdk/resize.ts), with the layout stubbed: happy-dom lays nothing
 * out, so each element's box is given. What it checks is the choice of what to measure: body's
 * children, not the box of <html> or <body> (which `min-height: 100vh` pins to the frame's
 * height), a fixed-position child by its contents, and a transformed child by its layout box.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { observeHeight } from '../src/sdk/resize.js'

const stops: (() => void)[] = []
// A browser computes every length ('0px' when unset); happy-dom only what the style sets.
beforeEach(() => {
  document.body.setAttribute(
    'style',
    'padding-bottom: 0px; border-bottom-width: 0px; margin-bottom: 0px',
  )
})
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  document.body.replaceChildren()
  document.body.removeAttribute('style')
})

/** A child of body with a stubbed box (top, height) and a content height (scrollHeight). */
function child(style: string, top: number, height: number, scrollHeight = height) {
  const element = document.createElement('div')
  element.setAttribute('style', style)
  element.getBoundingClientRect = () => ({ top, bottom: top + height, height }) as DOMRect
  // The layout box (offsets): where the box is when no transform moves it.
  Object.defineProperties(element, {
    scrollHeight: { value: scrollHeight },
    offsetTop: { value: top, configurable: true },
    offsetHeight: { value: height, configurable: true },
  })
  document.body.append(element)
  return element
}

/** A child of `parent` with a stubbed box. */
function inside(parent: Element, style: string, top: number, height: number) {
  const element = document.createElement('div')
  element.setAttribute('style', style)
  element.getBoundingClientRect = () => ({ top, bottom: top + height, height }) as DOMRect
  parent.append(element)
  return element
}

async function heights() {
  const reports: number[] = []
  stops.push(observeHeight(document, (h) => reports.push(h)))
  await new Promise((resolve) => setTimeout(resolve, 5))
  return reports
}

describe('the content height', () => {
  it('is the lowest child’s bottom and margin plus body’s bottom padding, border and margin, whatever body’s box', async () => {
    document.body.setAttribute(
      'style',
      'padding-bottom: 4px; border-bottom-width: 1px; border-bottom-style: solid; margin-bottom: 8px',
    )
    // Body's and html's boxes as min-height: 100vh makes them in a 900 px frame.
    document.body.getBoundingClientRect = () => ({ top: 0, bottom: 900, height: 900 }) as DOMRect
    document.documentElement.getBoundingClientRect = () =>
      ({ top: 0, bottom: 908, height: 908 }) as DOMRect
    child('margin-bottom: 10px', 0, 100)
    child('margin-bottom: 6px', 100, 200)
    expect(await heights()).toEqual([300 + 6 + 4 + 1 + 8])
  })

  it('counts a fixed-position child by its contents, not its box nor where it sits', async () => {
    child('margin: 0px', 0, 40)
    // A full-screen loading screen: its box is the 150 px viewport, its contents 420 px.
    const screen = child('position: fixed; margin: 0px', 0, 150, 420)
    inside(screen, 'margin: 0px', 10, 400)
    inside(screen, 'margin: 0px', 410, 20)
    expect(await heights()).toEqual([420])
  })

  it.each([
    // The calendar widget's toast: fixed, bottom 68 px, moved 100 px down by a transform.
    [
      'a toast moved below the frame by a transform',
      'transform: translateY(100px)',
      150 - 68 - 40 + 100,
    ],
    ['a fixed footer at the frame’s bottom', '', 150 - 60],
    ['a screen pinned to the viewport', 'top: 0px; bottom: 0px', 0],
  ])('neither grows nor pins the frame with %s', async (_, style, top) => {
    child('margin: 0px', 0, 100)
    const fixed = child(`position: fixed; margin: 0px; ${style}`, top, 150 - top, 400)
    inside(fixed, 'margin: 0px', top, 40)
    expect(await heights()).toEqual([100])
  })

  it('counts a transformed child by its layout box, not where the transform drew it', async () => {
    child('margin: 0px', 0, 100)
    const moved = child('margin: 0px; transform: translateY(500px)', 100, 50)
    moved.getBoundingClientRect = () => ({ top: 600, bottom: 650, height: 50 }) as DOMRect
    expect(await heights()).toEqual([150])
  })

  it('reports again when a child of body goes away (a section closing)', async () => {
    child('margin: 0px', 0, 100)
    const section = child('margin: 0px', 100, 600)
    const reports = await heights()
    section.remove()
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(reports).toEqual([700, 100])
  })
})

describe('without ResizeObserver (an old engine)', () => {
  it('follows no height, throws nothing, and leaves no timer', () => {
    const saved = globalThis.ResizeObserver
    // @ts-expect-error an engine without it
    delete globalThis.ResizeObserver
    vi.useFakeTimers()
    try {
      const reports: number[] = []
      const stop = observeHeight(document, (h) => reports.push(h))
      expect(vi.getTimerCount()).toBe(0)
      vi.runAllTimers()
      stop()
      expect(reports).toEqual([])
    } finally {
      vi.useRealTimers()
      globalThis.ResizeObserver = saved
    }
  })
})
