import type { Plugin } from 'vite'

/**
 * penpal's debug logging is dead code in platform.js: the SDK never passes penpal a `log`, yet
 * each `log?.(…)` statement and its message survive minification (about 100 B of the gzip).
 * The script build blanks them out of penpal's module, space for character, so that the source
 * map stays true. `test/penpal-logs.test.ts` checks what it blanks.
 */
export const PENPAL_LOG_CALL = /(?<![.#\w])log\?\.\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\);/g

/** `code` with every `log?.(…);` statement replaced by as many spaces (newlines kept). */
export function blankPenpalLogs(code: string): string {
  return code.replace(PENPAL_LOG_CALL, (call) => call.replace(/[^\n]/g, ' '))
}

/** The Vite plugin: applies {@link blankPenpalLogs} to penpal's module only. */
export const dropPenpalLogs: Plugin = {
  name: 'drop-penpal-logs',
  transform(code, id) {
    if (!id.includes('/node_modules/penpal/')) return
    return { code: blankPenpalLogs(code), map: null }
  },
}
