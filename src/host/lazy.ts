import { ErrorCode, type Locale, PlatformError } from '../events/index.js'
import { loadWords } from './dialog/catalog.js'
import type * as Chunk from './dialogs-chunk.js'

/** The handlers and dialogs, once loaded. */
export type DialogsChunk = typeof Chunk

let loaded: DialogsChunk | undefined
let loading: Promise<DialogsChunk> | undefined

/**
 * Loads the handlers and dialogs once (a chunk of their own, so a panel's first load ships
 * without them). A failed load (the chunk's file gone after a deploy, a network error) rejects
 * this call with `BACKEND_ERROR` and is tried again on the next.
 */
export function loadDialogs(): Promise<DialogsChunk> {
  loading ??= import('./dialogs-chunk.js').then(
    (chunk) => {
      loaded = chunk
      return chunk
    },
    (error: unknown) => {
      loading = undefined
      throw new PlatformError(
        ErrorCode.BACKEND_ERROR,
        `The panel could not load its dialogs: ${(error as Error)?.message ?? error}`,
      )
    },
  )
  return loading
}

/** The chunk if it has loaded: a handler runs only after it has. */
export function loadedDialogs(): DialogsChunk | undefined {
  return loaded
}

/**
 * Fetches the chunk, and the words of the panel's locale, when the panel is idle (`requestIdleCallback`, else the next task), so the
 * first dialog waits for no download. A failure here is quiet: the first call loads it again.
 */
export function prefetchDialogs(win: Window, locale: Locale): void {
  if (loaded || loading) return
  const start = () => void Promise.all([loadDialogs(), loadWords(locale)]).catch(() => {})
  if (typeof win.requestIdleCallback === 'function')
    win.requestIdleCallback(start, { timeout: 2000 })
  else win.setTimeout(start, 0)
}
