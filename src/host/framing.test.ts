import { describe, expect, it } from 'vitest'
import { foreignAncestor, UNNAMED } from './framing.js'

const OWN = 'https://panel.example'
const PORTAL = 'https://portal.example'
const EVIL = 'https://evil.example'

/** A window whose parent chain has these origins (outermost last); `null` is unreadable. */
function framed(chain: (string | null)[], named?: string[]): Window {
  let parent: Window | undefined
  for (const origin of [...chain].reverse()) {
    const w = {
      location: {
        get origin() {
          if (origin === null) throw new DOMException('Blocked', 'SecurityError')
          return origin
        },
      },
    } as unknown as Window & { parent: Window }
    w.parent = parent ?? w
    parent = w
  }
  const win = {
    location: {
      origin: OWN,
      ...(named && { ancestorOrigins: { length: named.length, item: (i: number) => named[i] } }),
    },
  } as unknown as Window & { parent: Window }
  win.parent = parent ?? win
  return win
}

describe('foreignAncestor', () => {
  it.each<[string, Window, string[], string | undefined]>([
    ['a top-level page', framed([]), [], undefined],
    ['framed by its own origin', framed([OWN]), [], undefined],
    ['framed by a listed origin (named)', framed([null], [PORTAL]), [PORTAL], undefined],
    ['framed by another origin (named)', framed([null], [EVIL]), [PORTAL], EVIL],
    [
      'a listed origin framed by another (named)',
      framed([null, null], [PORTAL, EVIL]),
      [PORTAL],
      EVIL,
    ],
    ['an opaque ancestor (named "null")', framed([null], ['null']), [PORTAL], 'null'],
    ['unnamed, cross-origin: fails closed', framed([null]), [PORTAL], UNNAMED],
    ['unnamed, its own origin framed by another', framed([OWN, null]), [], UNNAMED],
    ['unnamed, a readable foreign ancestor', framed([EVIL]), [], EVIL],
  ])('%s', (_, win, allowed, expected) => {
    expect(foreignAncestor(win, new Set(allowed))).toBe(expected)
  })
})
