// Types of what the bench pages (bench/pages/*.js) put on `window`, for the harness.

export interface BenchState {
  /** performance.now() at the end of instrument.js, just before platform.js runs. */
  mark: number
  /** performance.now() as widget.js starts (platform.js has run). */
  scriptStart: number
  /** performance.now() as the measured step starts (the script start, or after load). */
  start: number
  /** performance.now() when initialize() resolved (mode=sdk). */
  end?: number
  /** Cumulative ms of six cold raw postMessage round trips from `start` (mode=raw). */
  cold?: number[]
  /** When platform.js and widget.js had both finished downloading (resource timing). */
  scriptsDownloaded?: number
  /** performance.timeOrigin of the widget page (ms since the epoch). */
  timeOrigin: number
  /** penpal messages from the panel that reached the widget window, with their time. */
  handshake: { type: string; at: number; greeted?: boolean }[]
  done: boolean
  ready: boolean
  error?: string
}

export type Kind = 'sdk' | 'penpal' | 'mc' | 'pm' | 'comlink' | 'comlink-port' | 'post-robot'

declare global {
  interface Window {
    benchState: BenchState
    bench: {
      measure(kind: Kind, batches: number, perBatch: number): Promise<number[]>
      isolated(kinds: Kind[], count: number, gap: number): Promise<Record<Kind, number[]>>
      concurrent(kind: Kind, count: number): Promise<number>
      interleave(
        apps: string[],
        kinds: Kind[],
        rounds: number,
        perBatch: number,
      ): Promise<Record<string, Record<Kind, number[]>>>
      isolatedAb(
        apps: string[],
        kinds: Kind[],
        count: number,
        gap: number,
      ): Promise<Record<string, Record<Kind, number[]>>>
    }
    hostReady?: boolean
    firstLoad: {
      widget: BenchState
      panel: { timeOrigin: number; mounted: number; syn?: number }
    }
    handshakes: { sdk: BenchState[]; raw: BenchState[]; warm: { pm: number[]; mc: number[] } }
    // The test panel's in-memory backend; the e2e specs read more of it than the bench does.
    // biome-ignore lint/suspicious/noExplicitAny: merged with the e2e specs' view of window
    backend: any
    __benchInstrument: {
      listeners(): Record<string, number>
      timers(): { count: number; byDelay: Record<string, number> }
      clearTimers(minDelay: number): number
    }
  }
}
