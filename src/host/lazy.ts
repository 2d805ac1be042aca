import { ErrorCode, type Locale, PlatformError } from '../events/index.js'
import { type Outcome, serializeError } from '../events/wire.js'
import { loadedWords, loadWords } from '../host-kit/dialog/catalog.js'
import type { Limits, WidgetGuard } from '../host-kit/guard.js'
import type { TabStore } from '../host-kit/tab-limits.js'
import type { HostMethodName } from '../operations/index.js'
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

/**
 * The chunk, which the caller knows has loaded: what only a call through the pipeline reads (a
 * widget's guard, its deadlines' timer, the host's dialog slot), made at its first read.
 */
export function loadedChunk(): DialogsChunk {
  if (!loaded) throw new Error('the host read its lazy chunk before it loaded')
  return loaded
}

/**
 * Each widget's guard (its limits, cool-down and dismissals, kept across its reloads), made at
 * its first call: only a call through the pipeline reads it, and the pipeline runs once the
 * chunk, which holds the guards, has loaded; calls before that wait for it, then each is
 * admitted in turn. `tabs`: where the limits outlive the page, default the tab's storage.
 */
export function lazyGuards(
  win: Window,
  limits: Partial<Limits> | undefined,
  tabs?: TabStore,
): (app_key: string) => WidgetGuard {
  const guards = new Map<string, WidgetGuard>()
  let tab = tabs
  return (app_key) => {
    let guard = guards.get(app_key)
    if (!guard) {
      tab ??= loadedChunk().panelTabStore(win)
      guard = loadedChunk().createGuard(limits, Date.now, tab(app_key))
      guards.set(app_key, guard)
    }
    return guard
  }
}

/**
 * The frame following its widget's height reports (`followHeight`), made at the first report: a
 * report is a `resize` call, which the pipeline answers once the chunk has loaded, and until
 * then the frame keeps the height it was mounted with.
 */
export function lazyHeight(
  iframe: HTMLIFrameElement,
  app_key: string,
  win: Window,
): (height: number) => void {
  let follow: ((height: number) => void) | undefined
  return (height) => {
    follow ??= loadedChunk().followHeight(iframe, app_key, win)
    follow(height)
  }
}
