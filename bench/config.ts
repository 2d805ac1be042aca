import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository's root: the bench runs from there (`bench/run.ts` changes to it). */
export const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)))

/** Iteration counts. Every latency figure is a median or p95 over many batches. */
export const CONFIG = {
  /** First base port tried (panel, widgets, third on base..base+2); BENCH_PORT pins one. */
  basePort: Number(process.env.BENCH_PORT ?? 7301),
  handshake: { warmupLoads: 3, loads: 30, lateLoads: 12, attachedLoads: 10 },
  /** Page loads in a fresh Chromium each (cold processes, cold cache). */
  firstLoads: 12,
  /** Quiet time after a page's widgets are ready, before measuring. */
  settleMs: 500,
  calls: { loads: 3, warmup: 500, rounds: 4, batches: 20, perBatch: 20 },
  isolated: { calls: 120, gapMs: 20 },
  profile: { calls: 3000, intervalUs: 50 },
  scale: { widgets: [1, 10, 50], repeats: 4, warmup: 300, rounds: 3, batches: 20, perBatch: 20 },
  endurance: { warmup: 500, sequential: 10_000, perBatch: 20, concurrent: 1_000 },
  peers: { loads: 2, warmup: 300, rounds: 4, batches: 20, perBatch: 20 },
  /** Runs of each flood (interleaved), then one traced and profiled run of each (profiler interval). */
  floods: { runs: 5, intervalUs: 100 },
  /**
   * `--against <ref>`: both builds in the same page loads. Per load, each (build, kind) pair runs
   * one batch of `perBatch` calls per round, in turn (back to back), then `isolated` calls of
   * each kind in each build in turn; the handshake in `handshakeLoads` fresh Chromiums, each
   * mounting either build's widget `handshakeWarmup + handshakeMounts` times, alternating; then
   * `firstLoads` first loads of each build, alternating, each in a Chromium of its own.
   */
  ab: {
    loads: 6,
    warmup: 200,
    rounds: 60,
    perBatch: 20,
    isolated: 40,
    handshakeLoads: 5,
    handshakeWarmup: 2,
    handshakeMounts: 12,
    firstLoads: 6,
  },
  /** The whole run must end by itself. */
  deadlineMs: 40 * 60_000,
}

export const TARGETS = {
  gzipBytes: 4500,
  handshakeRoundTrips: 5,
  callVsMessageChannel: 1.25,
  scale50vs1: 1.2,
  floodLongestTaskMs: 200,
}

export const log = (message: string) => process.stderr.write(`[bench] ${message}\n`)
