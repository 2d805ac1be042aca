import type { Results } from '../lib/results.ts'
import type { Summary } from '../lib/stats.ts'
import { inRoundTrips } from './format.ts'

/** Figures several sections use (the targets, the tables and the findings), computed once. */
export type Figures = ReturnType<typeof figures>

/** Figures several sections use (the targets, the tables and the findings), computed once. */
export function figures(r: Results) {
  const t = r.targets
  const { size, handshake: hs, calls, isolated, profile, scale, endurance: e, peers } = r
  // Figures shared by the summary and the findings.
  const gzip = size.platform.gzip
  const mc = calls.mc as Summary
  const sdk = calls.sdk as Summary
  const pmS = calls.pm as Summary
  const callRatio = sdk.median / mc.median
  const isoSdk = isolated.sdk as Summary
  const isoMc = isolated.mc as Summary
  const isoPm = isolated.pm as Summary
  const isoRatio = isoSdk.median / isoMc.median
  const fl = r.firstLoad
  const one = scale.find((s) => s.widgets === 1)
  const fifty = scale.find((s) => s.widgets === 50)
  const scaleRatio = one && fifty ? fifty.sdk.median / one.sdk.median : Number.NaN
  const penpalPart = size.parts.find((p) => p.part === 'penpal')
  const bare = peers.penpal as Summary
  const peersMc = peers.mc as Summary
  const peersPm = peers.pm as Summary
  const peersSdk = peers.sdk as Summary
  const cfg = r.config as {
    settleMs: number
    profile: { intervalUs: number; calls: number }
    endurance: { perBatch: number }
    isolated: { gapMs: number }
    calls: { loads: number }
    scale: { repeats: number }
    peers: { loads: number }
  }
  return {
    t,
    size,
    hs,
    calls,
    isolated,
    profile,
    scale,
    e,
    peers,
    gzip,
    mc,
    sdk,
    pmS,
    callRatio,
    isoSdk,
    isoMc,
    isoPm,
    isoRatio,
    fl,
    ...handshakeFigures(hs),
    one,
    fifty,
    scaleRatio,
    penpalPart,
    bare,
    peersMc,
    peersPm,
    peersSdk,
    cfg,
  }
}

/** The handshake's figures: at mount and after load, warm and in cold round trips. */
function handshakeFigures(hs: Results['handshake']) {
  const mount = hs.atStart
  const late = hs.afterLoad
  const coldMount = mount.coldCumulative.map((s) => s.median)
  const coldLate = late.coldCumulative.map((s) => s.median)
  const pm = mount.warm.pm.median
  const pmLate = late.warm.pm.median
  return {
    mount,
    late,
    coldMount,
    coldLate,
    pm,
    pmLate,
    mountWarm: mount.initialize.median / pm,
    mountCold: inRoundTrips(mount.initialize.median, coldMount),
    lateWarm: late.initialize.median / pmLate,
    lateCold: inRoundTrips(late.initialize.median, coldLate),
  }
}
