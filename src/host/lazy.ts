import { ErrorCode, type Locale, PlatformError } from '../events/index.js'
import type { HostMethodName } from '../events/operations.js'
import { type Outcome, serializeError } from '../events/wire.js'
import { loadedWords, loadWords } from './dialog/catalog.js'
import type * as Chunk from './dialogs-chunk.js'
import type { CallDeps, CallState, HandlerTable } from './pipeline.js'

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

/**
 * A session's calls through the pipeline, which loads with the operations' table, their handlers
 * and the dialogs, and the words of the panel's locale: at once when both have loaded, as they
 * have after the panel's first idle moment. `own` are the session's own handlers; `state`'s
 * handlers are set, with the table's, when the chunk has loaded.
 */
export function pipelineRunner(
  deps: CallDeps,
  state: CallState & { handlers: HandlerTable },
  own: Pick<HandlerTable, 'initialize' | 'resize' | 'bye'>,
) {
  type Hooks = Parameters<DialogsChunk['runCall']>[4]
  const runWith = (chunk: DialogsChunk, name: HostMethodName, raw: unknown, hooks?: Hooks) => {
    state.handlers ??= { ...own, ...chunk.HANDLERS }
    return chunk.runCall(deps, state, name, raw, hooks)
  }
  return (name: HostMethodName, raw: unknown, hooks?: Hooks): Promise<Outcome<unknown>> => {
    const chunk = loaded
    if (chunk && loadedWords(deps.locale())) return runWith(chunk, name, raw, hooks)
    return Promise.all([loadDialogs(), loadWords(deps.locale())]).then(
      ([ready]) => runWith(ready, name, raw, hooks),
      (error: unknown): Outcome<unknown> => ({ ok: false, error: serializeError(error) }),
    )
  }
}
