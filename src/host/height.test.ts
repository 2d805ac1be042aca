import { describe, expect, it, vi } from 'vitest'
import { followHeight, HEIGHT_LOOP, type HeightPage, heightGuard } from './height.js'

/** Feeds reports through a guard as the host applies them; returns the heights shown after each. */
function run(
  reports: { at: number; next: (shown: number) => number }[],
  page: HeightPage = { viewport: () => 800, input: () => false },
) {
  const onHold = vi.fn()
  const guard = heightGuard(onHold, page)
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

/** `count` reports `every` ms apart, each `next(frame height, index)`. */
const loopBy = (next: (shown: number, i: number) => number, count: number, every: number) =>
  Array.from({ length: count }, (_, i) => ({
    at: i * every,
    next: (shown: number) => next(shown, i),
  }))

describe('the height guard', () => {
  it('holds a frame whose every report is its height plus a constant, and warns once', () => {
    // Chromium's pace: a report every animation frame, 32 px each (the toast's transform).
    const { trail, onHold } = run([{ at: 0, next: () => 1023 }, ...loop(100, 32, 16, 16)])
    const held = 1023 + 32 * (HEIGHT_LOOP.reports - 1)
    expect(trail.at(-1)).toBe(held)
    expect(Math.max(...trail)).toBe(held)
    expect(onHold).toHaveBeenCalledTimes(1)
    expect(onHold).toHaveBeenCalledWith(
      held,
      "each its frame's height plus 32 px, and repeated it with its frame held",
    )
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

  it('follows content that changes by varying steps (an eased animation, sections opening)', () => {
    const steps = [60, 45, 33, 24, 17, 12, 8, 5, 3, 1, 120, -100, 250, 40, 300]
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
    expect(guard(shown + 11, shown, 300)).toBeUndefined()
    expect(guard(shown + 15, shown, 400)).toBe(shown + 15)
  })
})

describe('the height guard, whatever the step', () => {
  it('holds a child of height: 110vh (each report 1.1 × the frame, rounded up), and says so', () => {
    const { trail, onHold } = run(loopBy((h) => Math.ceil(1.1 * h + 40), 200, 16))
    expect(Math.max(...trail)).toBeLessThan(1_000)
    expect(onHold).toHaveBeenCalledTimes(1)
    expect(onHold.mock.calls[0]?.[1]).toMatch(/^each 1\.1\d* × its frame's height plus/)
  })

  it('holds steps alternating +10/+11', () => {
    const { trail, onHold } = run(loopBy((h, i) => h + (i % 2 ? 11 : 10), 300, 16))
    expect(Math.max(...trail)).toBeLessThan(150 + 11 * HEIGHT_LOOP.reports)
    expect(onHold).toHaveBeenCalledTimes(1)
  })

  it('holds growth that follows the frame past 3 viewport heights in 2 s, whatever its steps', () => {
    // Steps with no pattern, each after the frame grew: no line fits six of them.
    const jitter = [13, 47, 22, 58, 31, 9, 44, 27, 61, 18, 36, 52]
    const { trail, onHold } = run(loopBy((h, i) => h + (jitter[i % 12] as number), 500, 16))
    expect(Math.max(...trail)).toBeLessThanOrEqual(3 * 800)
    expect(trail.at(-1)).toBeGreaterThan(3 * 800 - 61)
    expect(onHold).toHaveBeenCalledWith(trail.at(-1), expect.stringMatching(/3 viewport heights/))
  })

  it('lets the same growth through while the user acts (a click or key just now)', () => {
    const jitter = [13, 47, 22, 58, 31, 9, 44, 27, 61, 18, 36, 52]
    const { trail, onHold } = run(
      loopBy((h, i) => h + (jitter[i % 12] as number), 100, 16),
      { viewport: () => 800, input: () => true },
    )
    expect(trail.at(-1)).toBe(150 + 8 * jitter.reduce((a, b) => a + b) + 13 + 47 + 22 + 58)
    expect(onHold).not.toHaveBeenCalled()
  })

  it('lets content that grows on its own grow: an image loading (one jump), rows of varied heights', () => {
    // The list's height is its own, whatever the frame's: each report the rows so far.
    const rows = [38, 56, 38, 74, 38, 56, 92, 38, 56, 38, 74, 38, 38, 56, 110, 38]
    const total = (i: number) => 3_000 + rows.slice(0, i + 1).reduce((a, b) => a + b, 0)
    const { trail, onHold } = run([
      { at: 0, next: () => 3_000 },
      ...rows.map((_, i) => ({ at: 100 + i * 50, next: () => total(i) })),
    ])
    expect(trail.at(-1)).toBe(total(rows.length - 1))
    expect(onHold).not.toHaveBeenCalled()
  })

  it('a list of six batches of 20 rows of 40 px, 250 ms apart, shows all of its 4,922 px', () => {
    const onHold = vi.fn()
    const guard = heightGuard(onHold, { viewport: () => 720, input: () => false })
    let shown = 150
    let t = 0
    for (let batch = 0; batch <= 6; batch++) {
      const applied = guard(122 + 800 * batch, shown, t)
      if (applied !== undefined) shown = applied
      t += 250
    }
    // Quiet: a hold still unconfirmed lets the frame grow once; the list does not answer.
    const probed = guard.probe(t + HEIGHT_LOOP.within)
    if (probed !== undefined) shown = probed
    expect(shown).toBe(4_922)
    expect(onHold).not.toHaveBeenCalled()
  })

  it('a first jump past the budget does not end the growth check: reports off any line are held', () => {
    // 150 to 2,401 px at once, then each report the frame plus 100 to 181 px, every 16 ms, 1 s.
    const { trail, onHold } = run([
      { at: 0, next: () => 2_401 },
      ...loopBy((h, i) => h + 100 + (i % 3) * 37 + (i % 7), 62, 16).map((r) => ({
        ...r,
        at: r.at + 16,
      })),
    ])
    expect(Math.max(...trail)).toBeLessThan(2_401 + 3 * 181)
    expect(onHold).toHaveBeenCalledTimes(1)
    expect(onHold.mock.calls[0]?.[1]).toMatch(/past 3 viewport heights \(2400 px\)/)
  })

  it('a follower held in a quiet spell grows once when the host lets it, then is held there', () => {
    const onHold = vi.fn()
    const guard = heightGuard(onHold)
    let shown = 150
    for (let i = 0; i < 3; i++) shown = guard(2_500 + 100 * i, shown, i * 16) ?? shown
    expect(shown).toBe(2_600)
    const tried = guard.probe(3_000)
    expect(tried).toBe(2_700)
    // Its answer, at once: the frame plus 100 again.
    expect(guard(2_800, 2_700, 3_016)).toBeUndefined()
    expect(onHold).toHaveBeenCalledWith(
      2_700,
      expect.stringMatching(/grew again as soon as its frame did/),
    )
    expect(guard.probe(6_000)).toBeUndefined()
  })

  it('a list of equal rows loading fast is held for one report at most, and ends at its height', () => {
    // Equal rows every 50 ms look like "frame plus 40" for six reports; the seventh differs from
    // what a loop would report, and is applied.
    const { trail } = run(
      Array.from({ length: 12 }, (_, i) => ({ at: i * 50, next: () => 190 + 40 * i })),
    )
    expect(trail.at(-1)).toBe(190 + 40 * 11)
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
