import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { blankPenpalLogs, PENPAL_LOG_CALL } from '../scripts/penpal-logs.ts'

// The module the build bundles (penpal's `import` export).
const penpal = readFileSync('node_modules/penpal/dist/penpal.mjs', 'utf8')

describe('the script build blanks penpal’s debug logging', () => {
  const calls = [...penpal.matchAll(PENPAL_LOG_CALL)]

  it('finds every `log?.(…)` statement of connect, the handshake and the call paths', () => {
    // 3 in connectCallHandler, 2 in connectRemoteProxy, 6 in shakeHands, 1 in connect.
    expect(calls).toHaveLength(12)
    expect(penpal.split('log?.(').length - 1 - penpal.split('#log?.(').length + 1).toBe(12)
  })

  it('blanks whole statements only: each follows `;`, `{` or `}`, so no `if` loses its body', () => {
    for (const call of calls) {
      const before = penpal.slice(0, call.index).trimEnd().at(-1)
      expect([call[0].slice(0, 30), before]).toEqual([
        call[0].slice(0, 30),
        expect.stringMatching(/[;{}]/),
      ])
    }
  })

  it('changes nothing else, and keeps every line and column', () => {
    const blanked = blankPenpalLogs(penpal)
    expect(blanked).toHaveLength(penpal.length)
    expect(blanked.split('\n').length).toBe(penpal.split('\n').length)
    expect(blanked).not.toMatch(/(?<![.#\w])log\?\.\(/)
    expect(blanked.replace(/\s+/g, '')).toBe(
      penpal.replace(PENPAL_LOG_CALL, '').replace(/\s+/g, ''),
    )
  })
})
