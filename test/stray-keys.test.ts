import { describe, expect, it } from 'vitest'
import { strayKeysProblem } from '../e2e/stray-keys'

const DIGITS = [...'1234567890']

describe('strayKeysProblem', () => {
  it('accepts no key to the frames, and the field holding every key', () => {
    expect(strayKeysProblem(DIGITS, [], DIGITS)).toBeNull()
  })

  it('accepts a few keys to the frames when the field holds the others in order', () => {
    expect(strayKeysProblem(DIGITS, ['3', '7'], [...'12456890'])).toBeNull()
  })

  it('refuses a key the field lost', () => {
    expect(strayKeysProblem(DIGITS, ['3'], [...'12456890'])).toMatch(/the field holds/)
  })

  it('refuses a key that reached two frames, and one never typed', () => {
    expect(strayKeysProblem(DIGITS, ['3', '3'])).toMatch(/twice/)
    expect(strayKeysProblem(DIGITS, ['x'])).toMatch(/not typed/)
  })

  it('refuses keys out of typing order', () => {
    expect(strayKeysProblem(DIGITS, ['7', '3'])).toMatch(/out of order/)
  })

  it('refuses more than half of the keys to the frames', () => {
    expect(strayKeysProblem(DIGITS, [...'123456'])).toMatch(/6 of 10 keys/)
    expect(strayKeysProblem(DIGITS, [...'12345'])).toBeNull()
  })

  it('counts a repeated key by its presses', () => {
    const typed = ['Tab', 'Tab', 'Tab', 'Tab', 'Escape']
    expect(strayKeysProblem(typed, ['Tab', 'Tab'])).toBeNull()
    expect(strayKeysProblem(typed, ['Tab', 'Tab', 'Tab'])).toMatch(/3 of 5/)
    expect(strayKeysProblem(typed, ['Escape', 'Tab'])).toMatch(/out of order/)
  })
})
