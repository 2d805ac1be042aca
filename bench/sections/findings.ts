import type { AbFigure } from '../lib/ab.ts'
import type { ProfileSummary } from '../lib/profile.ts'
import type { Results } from '../lib/results.ts'
import { abFigures } from './ab.ts'
import { own } from './calls.ts'
import { messageListeners, windowTotal } from './endurance.ts'
import type { Figures } from './figures.ts'
import { bytes, kib, ms, times, us, verdict } from './format.ts'
import { fill } from './template.ts'

// Each finding's text is a template of bench/sections/findings/; this module works out the
// figures and picks between the sentences a finding can say.

/** ## Findings: a paragraph per part of the run, from this run's figures. */
export function findingsSection(r: Results, fig: Figures): string {
  const findings = [
    sizeFindings,
    handshakeFinding,
    callsFinding,
    profileFinding,
    scaleFinding,
    enduranceFinding,
    floodsFinding,
  ]
  return ['## Findings', ...findings.flatMap((finding) => finding(r, fig))].join('\n\n')
}

/** Size, and what gave when the target was missed. */
function sizeFindings(_r: Results, { t, size, gzip, penpalPart }: Figures): string[] {
  const handler = size.penpal.sections.find((s) => s.section.includes('connectCallHandler'))
  const transport = size.parts.find((p) => p.part === 'src/transport/window.ts')
  const others = size.parts
    .filter((p) => p.part !== 'penpal' && p.part.startsWith('src/'))
    .slice(0, 3)
  const penpalLeft = penpalPart
    ? fill('findings/size-penpal', {
        minified: bytes(penpalPart.minified),
        total: bytes(size.platform.minified),
        share: ((100 * penpalPart.minified) / size.platform.minified).toFixed(0),
        gzipMarginal: bytes(penpalPart.gzipMarginal),
        sdkOwn: bytes(size.penpal.gzipWithoutPackage),
      })
    : ''
  const handlerLeft =
    handler && handler.minified > 100
      ? fill('findings/size-handler', { minified: bytes(handler.minified) })
      : ''
  const size_ = fill('findings/size', {
    verdict: verdict(gzip <= t.gzipBytes),
    gzip: bytes(gzip),
    overUnder:
      gzip > t.gzipBytes
        ? `${bytes(gzip - t.gzipBytes)} over`
        : `${bytes(t.gzipBytes - gzip)} under`,
    target: bytes(t.gzipBytes),
    transport: transport ? bytes(transport.gzipMarginal) : '–',
    // A run from before the widget's bridge dropped penpal says what that build did.
    bundling: penpalPart ? fill('findings/size-trim', {}) : fill('findings/size-own-bridge', {}),
    after: penpalPart ? 'after penpal ' : '',
    penpalLeft: penpalLeft && `${penpalLeft} `,
    handlerLeft: handlerLeft && `${handlerLeft} `,
    others: others.map((p) => `\`${p.part}\` (${bytes(p.gzipMarginal)})`).join(', '),
  })
  return gzip > t.gzipBytes ? [size_, fill('findings/what-gave', {})] : [size_]
}

/** The handshake, in round trips, and who led it. */
function handshakeFinding(_r: Results, fig: Figures): string[] {
  const { t, hs, fl, mount, late, coldMount, pm, mountWarm, mountCold, lateWarm } = fig
  const hostLedAll = mount.widgetLed.n === 0 && late.widgetLed.n === 0
  const led = hostLedAll
    ? `led every handshake (${mount.hostLed.n} of ${mount.loads} mounts)`
    : `led ${mount.hostLed.n} of ${mount.loads} handshakes`
  return [
    fill('findings/handshake', {
      verdict: verdict(mountWarm <= t.handshakeRoundTrips),
      target: String(t.handshakeRoundTrips),
      aimVerdict: verdict(mountWarm <= 3),
      median: ms(mount.initialize.median, 2),
      p95: ms(mount.initialize.p95, 2),
      warm: mountWarm.toFixed(1),
      pm: ms(pm),
      cold: mountCold.toFixed(1),
      led,
      greeted: String(mount.greeted),
      loads: String(mount.loads),
      answer: ms(mount.answer.median, 2),
      scriptEval: ms(mount.scriptEval.median, 2),
      firstCold: ms(coldMount[0] ?? Number.NaN, 2),
      afterAnswer: ms(mount.afterAnswer.median, 2),
      late: ms(late.initialize.median, 2),
      lateWarm: lateWarm.toFixed(1),
      first: ms(fl.scriptToInitialize.median, 1),
      firstP95: ms(fl.scriptToInitialize.p95, 1),
      firstAnswer: ms(fl.answer.median, 1),
      attached: ms(hs.attached.initialize.median, 2),
    }),
  ]
}

const TRANSPORT = 'src/transport/window.ts'
/** Self time per call in one category of a profile. */
const cat = (p: ProfileSummary, k: string) => p.byCategory[k] ?? 0
/** Self time per call in the repository's own sources. */
const src = (p: ProfileSummary) =>
  Object.entries(p.byCategory)
    .filter(([k]) => k.startsWith('src/'))
    .reduce((a, [, v]) => a + v, 0)

/** Call latency, and where the time over the floor goes. */
function callsFinding(r: Results, fig: Figures): string[] {
  const { t, mc, sdk, callRatio, isoSdk, isoMc, isoPm, isoRatio, bare, peersMc, peersSdk } = fig
  const penpalShare =
    peersSdk.median > peersMc.median
      ? Math.round((100 * (bare.median - peersMc.median)) / (peersSdk.median - peersMc.median))
      : -1
  return [
    fill('findings/calls', {
      verdict: verdict(callRatio <= t.callVsMessageChannel),
      isolatedVerdict: verdict(isoRatio <= t.callVsMessageChannel),
      sdk: ms(sdk.median),
      mc: ms(mc.median),
      ratio: times(callRatio),
      perLoad: r.callsPerLoad.map((l) => times(l.sdk / l.mc)).join(', '),
      peersRatio: times(peersSdk.median / peersMc.median),
      bare: times(bare.median / peersMc.median),
      penpalShare:
        penpalShare >= 0 && penpalShare <= 100
          ? `${fill('findings/calls-penpal-share', { share: String(penpalShare) })} `
          : '. ',
      extra: us((sdk.median - mc.median) * 1000),
      ...profileFigures(fig),
      isoSdk: ms(isoSdk.median, 2),
      isoMc: ms(isoMc.median, 2),
      isoPm: ms(isoPm.median, 2),
      wake: ms(isoMc.median - mc.median, 2),
      isoBridge: ms(isoSdk.median - isoMc.median, 2),
    }),
  ]
}

/** Where the time above bare penpal goes: the profile, each step alone, and the A/B run. */
function profileFinding(r: Results, { profile }: Figures): string[] {
  const { widget, host } = profile.sdk
  const spread = (x: AbFigure) => `${x.spread[0].toFixed(2)}–${x.spread[1].toFixed(2)}`
  const said = (x: AbFigure) => (x.verdict === 'same' ? 'within it' : `B ${x.verdict}`)
  const f = r.ab && abFigures(r.ab)
  return [
    fill('findings/profile', {
      wSrc: us(src(widget)),
      hSrc: us(src(host)),
      hPenpal: us(cat(host, 'penpal')),
      ab: f
        ? ` ${fill('findings/profile-ab', {
            abCall: times(f.call.ratio),
            abSpread: spread(f.call),
            abVerdict: said(f.call),
            abPenpal: times(f.callVsPenpal.ratio),
            abPenpalSpread: spread(f.callVsPenpal),
            abPenpalVerdict: said(f.callVsPenpal),
          })}`
        : ' (3) An A/B run (`npm run bench -- --against <ref>`) judges each change against the build before it; this run has none, and the committed `bench/ab-against.json` holds the one against the commit before this work.',
    }),
  ]
}

/** The profile's rows the calls finding names, µs per call. */
function profileFigures({ profile }: Figures): Record<string, string> {
  const { widget, host } = profile.sdk
  return {
    wPenpal: us(cat(widget, 'penpal')),
    wTransport: us(cat(widget, TRANSPORT)),
    wSetTimeout: us(cat(widget, 'native setTimeout')),
    wClearTimeout: us(cat(widget, 'native clearTimeout')),
    wClone: us(cat(widget, 'native structuredClone')),
    wSdk: us(src(widget) - cat(widget, TRANSPORT)),
    wUuid: us(cat(widget, 'native randomUUID')),
    hPenpal: us(cat(host, 'penpal')),
    hTransport: us(cat(host, TRANSPORT)),
    hHost: us(src(host) - cat(host, TRANSPORT)),
    hUuid: us(cat(host, 'native randomUUID')),
    sdkWidget: us(own(widget)),
    sdkHost: us(own(host)),
    mcWidget: us(own(profile.mc.widget)),
    mcHost: us(own(profile.mc.host)),
    excess: us(own(widget) + own(host) - own(profile.mc.widget) - own(profile.mc.host)),
  }
}

/** Scale against the floor between the same frames. */
function scaleFinding(_r: Results, { t, scale, one, fifty, scaleRatio }: Figures): string[] {
  if (!one || !fifty) return []
  const mcRatio = fifty.mc.median / one.mc.median
  const relative = scaleRatio / mcRatio
  const spread = (n: { perLoad: { sdk: number }[] }) => {
    const xs = n.perLoad.map((l) => l.sdk)
    return Math.max(...xs) / Math.min(...xs)
  }
  return [
    fill('findings/scale', {
      verdict: verdict(scaleRatio <= t.scale50vs1),
      fifty: ms(fifty.sdk.median),
      one: ms(one.sdk.median),
      ratio: times(scaleRatio),
      mcRatio: times(mcRatio),
      mcOne: ms(one.mc.median),
      mcFifty: ms(fifty.mc.median),
      relative: times(relative),
      perCount: scale.map((s) => `${s.widgets}: ${times(s.sdk.median / s.mc.median)}`).join(', '),
      reading: fill(relative <= 1.1 ? 'findings/scale-floor' : 'findings/scale-bridge', {}),
      spread: times(Math.max(spread(one), spread(fifty))),
      target: times(t.scale50vs1),
    }),
  ]
}

/** Endurance: listeners, heap and timers. */
function enduranceFinding(_r: Results, { e, cfg }: Figures): string[] {
  const snaps = e.snapshots
  const calls10k = e.sequential.n * cfg.endurance.perBatch
  const [first, control, afterSeq, afterConc, cleared] = snaps
  if (!first || !control || !afterSeq || !afterConc || !cleared) return []
  const growth = afterSeq.widget.heapUsed - control.widget.heapUsed
  const listenersStable = snaps.every(
    (s) =>
      messageListeners(s.widget) === messageListeners(first.widget) &&
      messageListeners(s.host) === messageListeners(first.host) &&
      windowTotal(s.widget) === windowTotal(first.widget) &&
      windowTotal(s.host) === windowTotal(first.host),
  )
  const longest = Math.max(...Object.keys(afterConc.widget.timers.byDelay).map(Number))
  const pending = afterConc.widget.timers.count
  // The bridge's one deadline timer may be armed in any snapshot: growth is what would leak.
  const grew = pending > first.widget.timers.count
  const rest = grew
    ? fill('findings/endurance-grew', {
        longestCount: (afterConc.widget.timers.byDelay[String(longest)] ?? 0).toLocaleString('en'),
        longest: String(longest / 1000),
        cleared: e.clearedTimers.toLocaleString('en'),
        clearedHeap: kib(cleared.widget.heapUsed),
      })
    : fill('findings/endurance-flat', {})
  return [
    fill('findings/endurance', {
      listeners: listenersStable ? 'no listener leak' : 'listener counts changed',
      timers: grew
        ? `but ${pending.toLocaleString('en')} timers are left pending`
        : 'and no timer left behind',
      stable: listenersStable ? 'Listener counts do not move on either side. ' : '',
      hostBefore: kib(first.host.heapUsed),
      hostAfter: kib(afterConc.host.heapUsed),
      growth: kib(growth),
      calls: calls10k.toLocaleString('en'),
      perCall: bytes(growth / calls10k),
      control: kib(control.widget.heapUsed - first.widget.heapUsed),
      pending: pending.toLocaleString('en'),
      rest,
    }),
  ]
}

/** The floods: the longest panel task, and what filled it. */
function floodsFinding(r: Results, _fig: Figures): string[] {
  const fls = r.floods.floods
  const inst = fls.flatMap((x) => (x.instrumented ? [{ flood: x.flood, ...x.instrumented }] : []))
  const traced = inst.length
    ? fill('findings/floods-traced', {
        cpu: inst
          .map((x) => `${ms(x.tasks.longestCpu, 1)} of CPU in ${ms(x.tasks.longestWall, 0)}`)
          .join(', '),
        maxCpu: ms(Math.max(...inst.map((x) => x.tasks.maxCpu)), 0),
        host: inst.map((x) => us(x.perMessage.host)).join(', '),
        other: inst.map((x) => us(x.perMessage.other)).join(', '),
      })
    : ''
  return [
    fill('findings/floods', {
      verdict: verdict(fls.every((x) => x.median <= r.floods.targetMs)),
      runs: String(r.floods.runs),
      floods: fls.map((x) => `${x.flood} ${ms(x.median, 0)} (max ${ms(x.max, 0)})`).join(', '),
      loadStart: r.floods.loadStart.toFixed(1),
      loadEnd: r.floods.loadEnd.toFixed(1),
      traced,
    }),
  ]
}
