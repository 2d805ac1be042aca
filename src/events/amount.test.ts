import { describe, expect, it } from 'vitest'
import { doctorServiceAmounts } from './amount.js'
import { MAX_DOCTOR_SERVICE_AMOUNT } from './validate.js'

/**
 * The reference: VAT is `amount * 3 / 100` rounded half up, computed with BigInt by quotient and
 * remainder (not the implementation's `+ 50` trick), so the two are independent.
 */
function reference(amount: number) {
  const threeTimes = BigInt(amount) * 3n
  const quotient = threeTimes / 100n
  const remainder = threeTimes % 100n
  const vat = remainder * 2n >= 100n ? quotient + 1n : quotient
  return { amount, vat: Number(vat), payable: Number(BigInt(amount) + vat) }
}

/** A small deterministic PRNG (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

describe('doctorServiceAmounts', () => {
  it.each<[string, number, number, number]>([
    // label, amount, vat, payable
    ['the spec example (3% = 370.35)', 12345, 370, 12715],
    ['one Rial (3% = 0.03)', 1, 0, 1],
    ['16 (3% = 0.48, rounds down)', 16, 0, 16],
    ['17 (3% = 0.51, rounds up)', 17, 1, 18],
    ['33 (3% = 0.99)', 33, 1, 34],
    ['50 (3% = 1.50 exactly, half up)', 50, 2, 52],
    ['99 (3% = 2.97)', 99, 3, 102],
    ['100 (whole VAT)', 100, 3, 103],
    ['150 (3% = 4.50 exactly, half up)', 150, 5, 155],
    ['250 (3% = 7.50 exactly, half up)', 250, 8, 258],
    ['12350 (3% = 370.50 exactly, half up)', 12_350, 371, 12_721],
    ['12349 (3% = 370.47)', 12_349, 370, 12_719],
    ['500000 (whole VAT)', 500_000, 15_000, 515_000],
    ['1,000,050 (3% = 30001.50, half up)', 1_000_050, 30_002, 1_030_052],
    ['the maximum', MAX_DOCTOR_SERVICE_AMOUNT, 30_000_000_000, 1_030_000_000_000],
  ])('%s', (_, amount, vat, payable) => {
    expect(doctorServiceAmounts(amount)).toEqual({ amount, vat, payable })
    expect(reference(amount)).toEqual({ amount, vat, payable })
  })

  it.each([
    MAX_DOCTOR_SERVICE_AMOUNT,
    MAX_DOCTOR_SERVICE_AMOUNT - 1,
    MAX_DOCTOR_SERVICE_AMOUNT - 17,
    MAX_DOCTOR_SERVICE_AMOUNT - 50, // 3% ends in .50
    MAX_DOCTOR_SERVICE_AMOUNT - 99,
    999_999_999_983, // 3% ends in .49
    999_999_999_650, // 3% ends in .50
    MAX_DOCTOR_SERVICE_AMOUNT / 2 + 50,
    2 ** 39 + 1,
  ])('matches the BigInt reference near the maximum: %d', (amount) => {
    const result = doctorServiceAmounts(amount)
    expect(result).toEqual(reference(amount))
    expect(Number.isSafeInteger(result.payable)).toBe(true)
  })

  it('never uses the float 1.03', () => {
    // 12345 * 1.03 is 12715.35 in floating point; the payable must be a whole Rial.
    expect(12_345 * 1.03).not.toBe(12_715)
    expect(doctorServiceAmounts(12_345).payable).toBe(12_715)
  })

  it('equals amount + round-half-up(amount * 3 / 100) for 1000 random amounts', () => {
    const next = random(0x5eed)
    const amounts: number[] = []
    for (let i = 0; i < 1000; i++) {
      const r = next()
      switch (i % 4) {
        case 0: // uniform over the whole range
          amounts.push(1 + Math.floor(r * MAX_DOCTOR_SERVICE_AMOUNT))
          break
        case 1: // log-uniform: as many small amounts as large ones
          amounts.push(Math.max(1, Math.floor(10 ** (r * 12))))
          break
        case 2: // exact halves: amount * 3 ends in 50, so amount = 100k + 50 with 3 | amount
          amounts.push(150 + 300 * Math.floor(r * 3_333_333_333))
          break
        default: // the top of the range
          amounts.push(MAX_DOCTOR_SERVICE_AMOUNT - Math.floor(r * 1_000_000))
      }
    }
    const wrong = amounts.filter(
      (amount) =>
        JSON.stringify(doctorServiceAmounts(amount)) !== JSON.stringify(reference(amount)),
    )
    expect(wrong).toEqual([])
    expect(amounts.filter((a) => (a * 3) % 100 === 50).length).toBeGreaterThanOrEqual(250)
  })
})
