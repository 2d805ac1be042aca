import { describe, expect, it, vi } from 'vitest'
import { followHeight, HEIGHT_LOOP, heightGuard } from './height.js'

/** Feeds reports through a guard as the host applies them; returns the heights shown after each. */
function run(reports: { at: number; next: (shown: number) => number }[]) {
  const onHold = vi.fn()
  const guard = heightGuard(onHold)
  let shown = 150
  const trail: number[] = []
  for (const { at, next } of reports) {
    const applied = guard(next(shown), shown, at)
    if (applied !== undefined) shown = applied
    trail.push(shown)
  }
  return { trail, onHold }
}

/** A layout that measures its frame: each report is the frame's height plus `step`. */
const loop = (count: number, step: number, every: number, from = 0) =>
  Array.from({ length: count }, (_, i) => ({
    at: from + i * every,
    next: (shown: number) => shown + step,
  }))

describe('the height guard', () => {
  it('holds a frame whose every report is its height plus a constant, and warns once', () => {
    // Chromium's pace: a report every animation frame, 32 px each (the toast's transform).
    const { trail, onHold } = run([{ at: 0, next: () => 1023 }, ...loop(100, 32, 16, 16)])
    const held = 1023 + 32 * (HEIGHT_LOOP.reports - 1)
    expect(trail.at(-1)).toBe(held)
    expect(Math.max(...trail)).toBe(held)
    expect(onHold).toHaveBeenCalledTimes(1)
    expect(onHold).toHaveBeenCalledWith(held, 32)
  })

  it('holds at WebKit’s pace too (every half second)', () => {
    const { trail, onHold } = run([{ at: 0, next: () => 600 }, ...loop(20, 32, 300, 300)])
    expect(trail.at(-1)).toBeLessThan(600 + 32 * HEIGHT_LOOP.reports)
    expect(onHold).toHaveBeenCalledTimes(1)
  })

  it('lets the same step through when it comes slower than the window', () => {
    const { trail, onHold } = run(loop(10, 32, HEIGHT_LOOP.within / 2))
    expect(trail.at(-1)).toBe(150 + 32 * 10)
    expect(onHold).not.toHaveBeenCalled()
  })

  it('follows content that changes by varying steps (an animation, sections opening)', () => {
    const steps = [33, 34, 33, 33, 34, 33, 34, 33, 33, 34, 20, -100, 250]
    const { trail, onHold } = run(
      steps.map((s, i) => ({ at: (i + 1) * 16, next: (shown) => shown + s })),
    )
    expect(trail.at(-1)).toBe(150 + steps.reduce((a, b) => a + b))
    expect(onHold).not.toHaveBeenCalled()
  })

  it('lets a real change through after holding, and holds a new loop without a second warning', () => {
    const { trail, onHold } = run([
      ...loop(12, 32, 16),
      // The content shrinks (a section closes): applied.
      { at: 300, next: () => 400 },
      ...loop(12, 32, 16, 320),
    ])
    expect(trail[12]).toBe(400)
    expect(trail.at(-1)).toBe(400 + 32 * (HEIGHT_LOOP.reports - 1))
    expect(onHold).toHaveBeenCalledTimes(1)
  })

  it('keeps holding while the reports repeat the held height plus the step', () => {
    const onHold = vi.fn()
    const guard = heightGuard(onHold)
    let shown = 150
    for (let i = 0; i < HEIGHT_LOOP.reports; i++) shown = guard(shown + 10, shown, i) ?? shown
    expect(guard(shown + 10, shown, 100)).toBeUndefined()
    expect(guard(shown + 10, shown, 200)).toBeUndefined()
    expect(guard(shown + 11, shown, 300)).toBe(shown + 11)
  })
})

describe('a frame following its widget', () => {
  it('warns once, naming the widget, and stops growing with a looping layout', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const iframe = document.createElement('iframe')
    iframe.style.height = '150px'
    // One report per animation frame, each the frame's height plus 32 px.
    const frames: (() => void)[] = []
    const win = { requestAnimationFrame: (f: () => void) => frames.push(f) } as unknown as Window
    const follow = followHeight(iframe, 'calendar-sync', win)
    const report = (height: number) => {
      follow(height)
      for (const f of frames.splice(0)) f()
    }
    report(1023)
    for (let i = 0; i < 50; i++) report(Number.parseFloat(iframe.style.height) + 32)
    expect(iframe.style.height).toBe(`${1023 + 32 * (HEIGHT_LOOP.reports - 1)}px`)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]?.[0]).toContain('calendar-sync')
    warn.mockRestore()
  })
})
