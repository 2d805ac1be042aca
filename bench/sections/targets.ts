import type { Results } from '../lib/results.ts'
import type { Figures } from './figures.ts'
import { bytes, ms, status, table, times } from './format.ts'
import { fill } from './template.ts'

/** ## Targets: each target against this run. */
export function targetsSection(r: Results, fig: Figures): string {
  const { t, gzip } = fig
  return fill('targets', {
    table: table(
      ['target', 'measured', 'target', 'status'],
      [
        ['`platform.js` gzip', bytes(gzip), `≤ ${bytes(t.gzipBytes)}`, status(gzip <= t.gzipBytes)],
        ...handshakeRows(fig),
        ...callRows(r, fig),
        ...floodRows(r),
      ],
    ),
  })
}

/** The handshake against its target, in warm and in cold round trips; the first load. */
function handshakeRows(fig: Figures): string[][] {
  const {
    t,
    fl,
    mount,
    late,
    coldMount,
    coldLate,
    pm,
    pmLate,
    mountWarm,
    mountCold,
    lateWarm,
    lateCold,
  } = fig
  return [
    [
      'handshake as a panel mounts the widget, in warm raw `postMessage` round trips',
      `${ms(mount.initialize.median, 2)} = ${mountWarm.toFixed(1)} × ${ms(pm)}`,
      `≤ ${t.handshakeRoundTrips}`,
      status(mountWarm <= t.handshakeRoundTrips),
    ],
    [
      '↳ in raw round trips timed from the same moment of the frame’s life',
      `${mountCold.toFixed(1)} (five take ${ms(coldMount[4] ?? Number.NaN, 2)})`,
      `≤ ${t.handshakeRoundTrips}`,
      status(mountCold <= t.handshakeRoundTrips),
    ],
    [
      '↳ the issue’s aim: ≤ 3 warm round trips',
      `${mountWarm.toFixed(1)}`,
      '≤ 3',
      status(mountWarm <= 3),
    ],
    [
      '`initialize()` called after the widget’s load event (handshake already done), in warm round trips',
      `${ms(late.initialize.median, 2)} = ${lateWarm.toFixed(1)} × ${ms(pmLate)}`,
      `≤ ${t.handshakeRoundTrips}`,
      status(lateWarm <= t.handshakeRoundTrips),
    ],
    [
      '↳ in raw round trips timed from the same moment',
      `${lateCold.toFixed(1)} (five take ${ms(coldLate[4] ?? Number.NaN, 2)})`,
      `≤ ${t.handshakeRoundTrips}`,
      status(lateCold <= t.handshakeRoundTrips),
    ],
    [
      'first load (cold page, cold processes): script start → `initialize()` resolved',
      `${ms(fl.scriptToInitialize.median, 1)} (p95 ${ms(fl.scriptToInitialize.p95, 1)}) = ${(fl.scriptToInitialize.median / pm).toFixed(0)} warm round trips`,
      'none set',
      'measured',
    ],
  ]
}

/** The SDK call against the raw `MessageChannel` floor, and with 50 widgets against 1. */
function callRows(r: Results, fig: Figures): string[][] {
  const { t, mc, sdk, callRatio, isoSdk, isoMc, isoRatio, one, fifty, scaleRatio, cfg } = fig
  return [
    [
      'SDK call vs raw `MessageChannel` round trip (back to back)',
      `${ms(sdk.median)} / ${ms(mc.median)} = ${times(callRatio)} (page loads: ${r.callsPerLoad.map((l) => times(l.sdk / l.mc)).join(', ')})`,
      `≤ ${times(t.callVsMessageChannel)}`,
      status(callRatio <= t.callVsMessageChannel),
    ],
    [
      `↳ isolated calls, one every ${cfg.isolated.gapMs} ms`,
      `${ms(isoSdk.median, 2)} / ${ms(isoMc.median, 2)} = ${times(isoRatio)}`,
      `≤ ${times(t.callVsMessageChannel)}`,
      status(isoRatio <= t.callVsMessageChannel),
    ],
    [
      'SDK call with 50 widgets mounted vs 1',
      fifty && one ? `${ms(fifty.sdk.median)} / ${ms(one.sdk.median)} = ${times(scaleRatio)}` : '–',
      `≤ ${times(t.scale50vs1)}`,
      status(scaleRatio <= t.scale50vs1),
    ],
  ]
}

/** Each flood's longest panel task against its target. */
function floodRows(r: Results): string[][] {
  return [
    ...r.floods.floods.map((f) => [
      `the panel’s longest task during a flood of ${f.flood} (median of ${f.longest.length} runs)`,
      `${ms(f.median, 0)} (max ${ms(f.max, 0)})`,
      `≤ ${ms(r.floods.targetMs, 0)}`,
      status(f.median <= r.floods.targetMs),
    ]),
  ]
}
