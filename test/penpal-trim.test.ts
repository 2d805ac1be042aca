import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  blankPenpalLogs,
  dropCallHandler,
  PENPAL_CALL_HANDLER,
  PENPAL_LOG_CALL,
} from '../scripts/penpal-trim.ts'

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

describe('the script build drops penpal’s handler for calls to the widget', () => {
  it('finds its one definition, from its signature to its closing brace', () => {
    const found = penpal.match(new RegExp(PENPAL_CALL_HANDLER, 'g')) ?? []
    expect(found).toHaveLength(1)
    // The handler's own work is inside it: the method look-up, the await, the reply.
    expect(found[0]).toContain('getMethodAtMethodPath(methodPath, methods)')
    expect(found[0]).toContain('messenger.sendMessage(replyMessage, transferables)')
    expect(found[0]).toMatch(/\n\};\n$/)
  })

  it('leaves a no-op in its place and keeps every other line and column', () => {
    const trimmed = dropCallHandler(blankPenpalLogs(penpal))
    expect(trimmed).toHaveLength(penpal.length)
    expect(trimmed.split('\n').length).toBe(penpal.split('\n').length)
    expect(trimmed).toContain('var connectCallHandler = () => () => {};')
    expect(trimmed).not.toContain('getMethodAtMethodPath(methodPath, methods)')
    // connect still wires it up, and everything after it is untouched.
    expect(trimmed).toContain('connectCallHandler_default(messenger, methods, channel, log)')
    const after = penpal.indexOf('var connectCallHandler_default')
    expect(trimmed.slice(after)).toBe(blankPenpalLogs(penpal).slice(after))
  })

  it('refuses to build when penpal changed and the definition is not found once', () => {
    expect(() => dropCallHandler('var x = 1;\n')).toThrow(/found 0/)
    const definition = (penpal.match(PENPAL_CALL_HANDLER) ?? [''])[0]
    expect(() => dropCallHandler(definition + definition)).toThrow(/found 2/)
  })
})
