import { afterEach, describe, expect, it, vi } from 'vitest'
import { PLATFORM_TIME_ZONE, platformDay } from './index.js'

afterEach(() => vi.useRealTimers())

describe('platformDay', () => {
  it.each([
    // [instant (UTC), Tehran day]: Tehran is UTC+03:30, so 20:30 UTC is already tomorrow there.
    ['2026-11-27T10:00:00Z', '2026-11-27'], // a Friday
    ['2026-11-26T20:29:59Z', '2026-11-26'], // Thursday 23:59:59 in Tehran
    ['2026-11-26T20:30:00Z', '2026-11-27'], // Friday 00:00 in Tehran, still Thursday in UTC
    ['2026-11-27T20:29:59Z', '2026-11-27'],
    ['2026-11-27T20:30:00Z', '2026-11-28'], // Saturday
    ['2026-12-31T21:00:00Z', '2027-01-01'],
  ])('puts %s on %s', (utc, day) => {
    expect(platformDay(new Date(utc))).toBe(day)
    expect(platformDay(Date.parse(utc))).toBe(day)
  })

  it('answers the day of now by default, in Tehran whatever the process zone', () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T21:00:00Z') })
    expect(platformDay()).toBe('2026-11-27')
    expect(PLATFORM_TIME_ZONE).toBe('Asia/Tehran')
  })

  it.each([
    [6, '2026-12-03'],
    [-1, '2026-11-26'],
    [5, '2026-12-02'],
    [35, '2027-01-01'],
  ])('adds %i days to the calendar day', (addDays, day) => {
    expect(platformDay(new Date('2026-11-26T21:00:00Z'), { addDays })).toBe(day)
  })

  it.each([
    ['an invalid Date', new Date('nope'), {}],
    ['NaN', Number.NaN, {}],
    ['a string', '2026-11-27' as unknown as Date, {}],
    ['a fractional addDays', 0, { addDays: 1.5 }],
  ])('refuses %s with INVALID_ARGUMENT', (_, at, options) => {
    expect(() => platformDay(at, options)).toThrow(
      expect.objectContaining({ name: 'PlatformError', code: 'INVALID_ARGUMENT' }),
    )
  })
})
