import type { ProfileSummary } from '../lib/profile.ts'
import type { Results } from '../lib/results.ts'
import type { Summary } from '../lib/stats.ts'
import type { Figures } from './figures.ts'
import { LABELS, ms, table, times, us } from './format.ts'

/** Work the floor does too: sending, and the browser's own dispatch. */
const SHARED = new Set(['native postMessage', '(program)'])
/** Per-call main-thread work that belongs to the bridge (everything but the shared part). */
export const own = (p: ProfileSummary) =>
  Object.entries(p.byCategory)
    .filter(([k]) => !SHARED.has(k))
    .reduce((a, [, v]) => a + v, 0)

function profileRows(side: string, sdk: ProfileSummary, mc: ProfileSummary): string[][] {
  const keys = [...new Set([...Object.keys(sdk.byCategory), ...Object.keys(mc.byCategory)])]
    .map((k) => ({ k, sdk: sdk.byCategory[k] ?? 0, mc: mc.byCategory[k] ?? 0 }))
    .filter((x) => x.sdk >= 0.5 || x.mc >= 0.5)
  const shared = keys.filter((x) => SHARED.has(x.k)).sort((a, b) => b.sdk - a.sdk)
  const rest = keys.filter((x) => !SHARED.has(x.k)).sort((a, b) => b.sdk - a.sdk)
  return [
    ...rest.map((x) => [`${side}: ${x.k}`, us(x.sdk), us(x.mc)]),
    [`**${side}: all of the above**`, `**${us(own(sdk))}**`, `**${us(own(mc))}**`],
    ...shared.map((x) => [`${side}: ${x.k} (both pay it)`, us(x.sdk), us(x.mc)]),
  ]
}

/** ## 3. Call latency: back to back, isolated, and profiled. */
export function callsSection(r: Results, fig: Figures): string[] {
  const { calls, isolated, profile, mc, pmS, isoMc, cfg } = fig
  return [
    '## 3. Call latency',
    `One widget, consent remembered, in-memory backend; ${cfg.calls.loads} page loads. Each ` +
      'figure is the median (p95) of per-call times over batches of 20 sequential calls (batch ' +
      'time / 20, because `performance.now()` is coarsened to 100 µs without cross-origin ' +
      'isolation); the three kinds interleave round by round after a warm-up.',
    table(
      ['round trip', 'median', 'p95', '× MessageChannel', '× postMessage'],
      (['sdk', 'mc', 'pm'] as const).map((k) => {
        const s = calls[k] as Summary
        return [
          LABELS[k] as string,
          ms(s.median),
          ms(s.p95),
          times(s.median / mc.median),
          times(s.median / pmS.median),
        ]
      }),
    ),
    `Per page load (medians): ${r.callsPerLoad.map((l, i) => `load ${i + 1}: SDK ${ms(l.sdk)}, MessageChannel ${ms(l.mc)}, postMessage ${ms(l.pm)} (SDK ${times(l.sdk / l.mc)})`).join('; ')}.`,
    `Isolated calls, as a widget usually makes them: one call every ${cfg.isolated.gapMs} ms, the ` +
      'kinds in turn, each timed alone (so to the 100 µs timer resolution):',
    table(
      ['round trip', 'median', 'p95', 'mean', '× MessageChannel'],
      (['sdk', 'mc', 'pm'] as const).map((k) => {
        const s = isolated[k] as Summary
        return [
          LABELS[k] as string,
          ms(s.median, 2),
          ms(s.p95, 2),
          ms(s.mean, 2),
          times(s.median / isoMc.median),
        ]
      }),
    ),
    `Where the time goes: a CPU profile of both frames at once (V8 sampling profiler, ` +
      `${cfg.profile.intervalUs} µs), ${cfg.profile.calls.toLocaleString('en')} back-to-back calls ` +
      'of each kind, self time per call, mapped to original sources through the source maps. The ' +
      'profiler slows everything down (wall time per call while profiling: SDK ' +
      `${us(profile.sdk.wallPerCall)}, MessageChannel ${us(profile.mc.wallPerCall)}) and the ` +
      'shared rows are noisy; compare the bridge’s own rows.',
    table(
      ['main thread, self time per call', 'SDK call', 'MessageChannel ping'],
      [
        ...profileRows('widget', profile.sdk.widget, profile.mc.widget),
        ...profileRows('host', profile.sdk.host, profile.mc.host),
      ],
    ),
  ]
}
