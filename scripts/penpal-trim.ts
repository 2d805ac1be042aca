import type { Plugin } from 'vite'

/**
 * penpal's debug logging is dead code in platform.js: the SDK never passes penpal a `log`, yet
 * each `log?.(…)` statement and its message survive minification (about 100 B of the gzip).
 * The script build blanks them out of penpal's module, space for character, so that the source
 * map stays true. `test/penpal-trim.test.ts` checks what it blanks and drops.
 */
export const PENPAL_LOG_CALL = /(?<![.#\w])log\?\.\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\);/g

/** `code` with every `log?.(…);` statement replaced by as many spaces (newlines kept). */
export function blankPenpalLogs(code: string): string {
  return code.replace(PENPAL_LOG_CALL, (call) => call.replace(/[^\n]/g, ' '))
}

/**
 * penpal's handler for calls *to* this side (`connectCallHandler`): `connect` always sets it up,
 * but the widget exposes no methods, so in platform.js it could only ever answer a CALL with
 * `METHOD_NOT_FOUND`. With it go `Reply`, penpal's error serializer and its method look-up
 * (about 230 B of the gzip). The script build makes it a no-op, so the widget ignores a CALL
 * (the host never sends one); the rest of `connect` (the handshake, the remote proxy, the
 * replies and their errors) is penpal's own. The host and the npm build keep the real one.
 */
export const PENPAL_CALL_HANDLER =
  /var connectCallHandler = \(messenger, methods, channel, log\) => \{\n[\s\S]*?\n\};\n/

const NO_CALL_HANDLER = 'var connectCallHandler = () => () => {};'

/**
 * `code` with penpal's `connectCallHandler` replaced by {@link NO_CALL_HANDLER}, padded with
 * spaces (newlines kept) so every other line and column stays where it was. Throws when the
 * definition is not there exactly once: a penpal update must be looked at, not built blindly.
 */
export function dropCallHandler(code: string): string {
  const found = code.match(new RegExp(PENPAL_CALL_HANDLER, 'g')) ?? []
  if (found.length !== 1) {
    throw new Error(`penpal: expected one connectCallHandler definition, found ${found.length}`)
  }
  const [definition] = found as [string]
  return code.replace(
    definition,
    NO_CALL_HANDLER + definition.slice(NO_CALL_HANDLER.length).replace(/[^\n]/g, ' '),
  )
}

/** The script build's Vite plugin: {@link blankPenpalLogs} and {@link dropCallHandler}, on penpal only. */
export const trimPenpal: Plugin = {
  name: 'trim-penpal',
  transform(code, id) {
    if (!id.includes('/node_modules/penpal/')) return
    return { code: dropCallHandler(blankPenpalLogs(code)), map: null }
  },
}
