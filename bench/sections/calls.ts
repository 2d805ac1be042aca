import type { ProfileSummary } from '../lib/profile.ts'
import type { Results } from '../lib/results.ts'
import type { Summary } from '../lib/stats.ts'
import type { Figures } from './figures.ts'
import { LABELS, ms, table, times, us } from './format.ts'
import { fill } from './template.ts'

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
export function callsSection(r: Results, fig: Figures): string {
  const { calls, isolated, profile, mc, pmS, isoMc, cfg } = fig
  return fill('calls', {
    loads: String(cfg.calls.loads),
    backToBack: table(
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
    perLoad: `${r.callsPerLoad.map((l, i) => `load ${i + 1}: SDK ${ms(l.sdk)}, MessageChannel ${ms(l.mc)}, postMessage ${ms(l.pm)} (SDK ${times(l.sdk / l.mc)})`).join('; ')}`,
    gapMs: String(cfg.isolated.gapMs),
    isolated: table(
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
    intervalUs: String(cfg.profile.intervalUs),
    profiledCalls: cfg.profile.calls.toLocaleString('en'),
    sdkWall: us(profile.sdk.wallPerCall),
    mcWall: us(profile.mc.wallPerCall),
    profile: table(
      ['main thread, self time per call', 'SDK call', 'MessageChannel ping'],
      [
        ...profileRows('widget', profile.sdk.widget, profile.mc.widget),
        ...profileRows('host', profile.sdk.host, profile.mc.host),
      ],
    ),
  })
}
