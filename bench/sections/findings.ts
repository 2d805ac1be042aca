import type { ProfileSummary } from '../lib/profile.ts'
import type { Results } from '../lib/results.ts'
import { own } from './calls.ts'
import { messageListeners, windowTotal } from './endurance.ts'
import type { Figures } from './figures.ts'
import { bytes, kib, ms, times, us, verdict } from './format.ts'

/** ## Findings: a paragraph per part of the run, from this run's figures. */
export function findingsSection(r: Results, fig: Figures): string[] {
  const findings = [
    sizeFindings,
    handshakeFinding,
    callsFinding,
    scaleFinding,
    enduranceFinding,
    floodsFinding,
  ]
  return ['## Findings', ...findings.flatMap((finding) => finding(r, fig))]
}

/** Size, and what gave when the target was missed. */
function sizeFindings(_r: Results, fig: Figures): string[] {
  const f: string[] = []
  const { t, size, gzip, penpalPart } = fig
  const section = (name: string) => size.penpal.sections.find((s) => s.section.includes(name))
  const handler = section('connectCallHandler')
  const sdkOwn = size.penpal.gzipWithoutPackage
  const transport = size.parts.find((p) => p.part === 'src/transport/window.ts')
  const others = size.parts
    .filter((p) => p.part !== 'penpal' && p.part.startsWith('src/'))
    .slice(0, 3)
  f.push(
    `**Size: ${verdict(gzip <= t.gzipBytes)}.** \`platform.js\` is ${bytes(gzip)} gzip, ` +
      `${gzip > t.gzipBytes ? `${bytes(gzip - t.gzipBytes)} over` : `${bytes(t.gzipBytes - gzip)} under`} ` +
      `the ${bytes(t.gzipBytes)} target, with the whole API. penpal's \`WindowMessenger\` and its penpal 6 layer are gone: ` +
      `one messenger for both sides replaces them (\`src/transport/window.ts\`, ${transport ? bytes(transport.gzipMarginal) : '–'} of the gzip). ` +
      'The script build trims penpal (`scripts/penpal-trim.ts`): it blanks the debug-log statements, which never run, and makes ' +
      '`connectCallHandler`, the handler for calls *to* the widget, a no-op: the widget exposes no methods, so it could only ever answer ' +
      '`METHOD_NOT_FOUND`; with it go `Reply`, penpal’s error serializer and its method look-up. ' +
      (penpalPart
        ? `What is left of penpal is the rest of its \`connect\` (the handshake, the remote proxy, the replies): ${bytes(penpalPart.minified)} of ${bytes(size.platform.minified)} minified ` +
          `(${((100 * penpalPart.minified) / size.platform.minified).toFixed(0)}%) and ${bytes(penpalPart.gzipMarginal)} of the gzip; ` +
          `with penpal's bytes cut out the rest gzips to ${bytes(sdkOwn)}. `
        : '') +
      (handler && handler.minified > 100
        ? `penpal's \`connectCallHandler.ts\` is still ${bytes(handler.minified)} minified here: the trim did not apply. `
        : '') +
      `After penpal the largest parts are ${others.map((p) => `\`${p.part}\` (${bytes(p.gzipMarginal)})`).join(', ')}. ` +
      'The SDK no longer carries the table of error codes: it keeps any code in the form of one (`/^[A-Z][A-Z0-9_]{0,63}$/`), so a newer host’s ' +
      'code reaches the widget, and anything else becomes `BACKEND_ERROR`.',
  )
  if (gzip > t.gzipBytes) {
    f.push(
      '**What gave (issue 23: widgets written for the original platform run unchanged).** The 4,500 B target held at 4,397 B ' +
        'before it; each addition, measured with `npm run size` as it landed: the original call forms (`initialize({ clientKey })` ' +
        'and a bare key, `src/sdk/compat.ts`) 45 B; a height that follows the content (body’s children measured, so ' +
        '`min-height: 100vh`, `vh` and fixed screens neither pin nor cut the frame; the SYN to the parent’s origin alone) 170 B; ' +
        '`openLink` and `widget.*` forwarded to the host 75 B; the top-level start page’s `window.platform`, whose code is in ' +
        '`platform-top.js` (loaded only there) while `platform.js` keeps the synchronous shape widgets feature-detect and the loader, ' +
        'about 110 B; the fallback for an engine without `ResizeObserver` 22 B. None is optional for a widget written for the ' +
        'original to run unchanged, so the budget `npm test` enforces (`scripts/size.mjs`) is 5,100 B, and this target stays the ' +
        'issue’s 4,500 B, missed.',
    )
  }
  return f
}

/** The handshake, in round trips, and who led it. */
function handshakeFinding(_r: Results, fig: Figures): string[] {
  const f: string[] = []
  const { t, hs, fl, mount, late, coldMount, pm, mountWarm, mountCold, lateWarm } = fig
  const hostLedAll = mount.widgetLed.n === 0 && late.widgetLed.n === 0
  f.push(
    `**Handshake: ${verdict(mountWarm <= t.handshakeRoundTrips)} in warm round trips (≤ ${t.handshakeRoundTrips}); the aim of ≤ 3 ${verdict(mountWarm <= 3)}.** ` +
      `As a panel mounts the widget, \`initialize()\` resolves ${ms(mount.initialize.median, 2)} (median; p95 ${ms(mount.initialize.p95, 2)}) after the ` +
      `widget script's first statement: ${mountWarm.toFixed(1)} warm raw round trips of ${ms(pm)}, or ${mountCold.toFixed(1)} raw round trips timed from the same moment. ` +
      'The SDK posts its SYN as `platform.js` runs, before the widget’s own script; ' +
      `the host ${hostLedAll ? `led every handshake (${mount.hostLed.n} of ${mount.loads} mounts)` : `led ${mount.hostLed.n} of ${mount.loads} handshakes`} and answered ` +
      `with ACK1 alone: the port and its greeting, what \`initialize\` answers (greeted: ${mount.greeted} of ${mount.loads} mounts). ` +
      `So one window round trip is the whole handshake: from \`platform.js\` starting to ACK1 arriving takes ${ms(mount.answer.median, 2)}, of which ` +
      `\`platform.js\` itself takes ${ms(mount.scriptEval.median, 2)} before the widget script starts, and the first cold raw round trip from that script ` +
      `takes ${ms(coldMount[0] ?? Number.NaN, 2)} (warm: ${ms(pm)}); after ACK1, \`initialize()\` resolves in ${ms(mount.afterAnswer.median, 2)} ` +
      '(no call crosses the bridge; the SDK checks the `app_key` against the greeting, and asks the host only for another key). ' +
      `Called after the load event, \`initialize()\` finds the handshake done and takes ${ms(late.initialize.median, 2)} (${lateWarm.toFixed(1)} warm round trips, ` +
      'at the 100 µs resolution of the timer). ' +
      `On a first load (cold page, cold processes; section 2b) it takes ${ms(fl.scriptToInitialize.median, 1)} (p95 ${ms(fl.scriptToInitialize.p95, 1)}) from the widget script's ` +
      `first statement, and the host's answer reaches the widget ${ms(fl.answer.median, 1)} after \`platform.js\` starts: there the first delivery between two new ` +
      'renderer processes dominates, not the protocol. What is left is that first window round trip between two processes, which no protocol ' +
      'change removes: the widget cannot hear the host before its page exists, and the host cannot know the page exists before it hears from it. ' +
      `Under Playwright (its default flags, and its debugger attaching to every new out-of-process frame) the same mount loop takes ` +
      `${ms(hs.attached.initialize.median, 2)} against ${ms(mount.initialize.median, 2)}, which is why the handshake runs in a Chromium of its own.`,
  )
  return f
}

/** Call latency, and where the time over the floor goes. */
function callsFinding(r: Results, fig: Figures): string[] {
  const f: string[] = []
  const {
    t,
    profile,
    mc,
    sdk,
    callRatio,
    isoSdk,
    isoMc,
    isoPm,
    isoRatio,
    bare,
    peersMc,
    peersSdk,
  } = fig
  const cat = (p: ProfileSummary, k: string) => p.byCategory[k] ?? 0
  const TRANSPORT = 'src/transport/window.ts'
  const src = (p: ProfileSummary) =>
    Object.entries(p.byCategory)
      .filter(([k]) => k.startsWith('src/'))
      .reduce((a, [, v]) => a + v, 0)
  const penpalShare =
    peersSdk.median > peersMc.median
      ? Math.round((100 * (bare.median - peersMc.median)) / (peersSdk.median - peersMc.median))
      : -1
  f.push(
    `**Call latency: ${verdict(callRatio <= t.callVsMessageChannel)} (back to back), ` +
      `${verdict(isoRatio <= t.callVsMessageChannel)} (isolated).** The SDK call takes ${ms(sdk.median)} against ` +
      `${ms(mc.median)} for the raw \`MessageChannel\` floor, ${times(callRatio)} ` +
      `(page loads: ${r.callsPerLoad.map((l) => times(l.sdk / l.mc)).join(', ')}; the peers run: ` +
      `${times(peersSdk.median / peersMc.median)}); a bare penpal call is ${times(bare.median / peersMc.median)}` +
      (penpalShare >= 0 && penpalShare <= 100
        ? `, so in the peers run penpal itself accounts for ${penpalShare}% of the SDK call’s time over ` +
          'the floor and the SDK and host layers for the rest. '
        : '. ') +
      `Both move two port messages, so the extra ${us((sdk.median - mc.median) * 1000)} is main-thread ` +
      'work, and the profile itemizes it (µs per call, with the profiler on): in the widget, penpal ' +
      `${us(cat(profile.sdk.widget, 'penpal'))}, the messenger ${us(cat(profile.sdk.widget, TRANSPORT))} (its port listener is where ` +
      'each message is first read, so it also pays for deserializing it), ' +
      `\`setTimeout\` ${us(cat(profile.sdk.widget, 'native setTimeout'))} and \`clearTimeout\` ${us(cat(profile.sdk.widget, 'native clearTimeout'))} ` +
      '(one timer per side for all calls, see below), ' +
      `\`structuredClone\` ${us(cat(profile.sdk.widget, 'native structuredClone'))} plus ` +
      `${us(src(profile.sdk.widget) - cat(profile.sdk.widget, TRANSPORT))} of SDK code, \`crypto.randomUUID\` ` +
      `${us(cat(profile.sdk.widget, 'native randomUUID'))} (penpal's call id); in the host, penpal ` +
      `${us(cat(profile.sdk.host, 'penpal'))}, the messenger ${us(cat(profile.sdk.host, TRANSPORT))}, the host's own code (validation, session, consent, memory backend) ` +
      `${us(src(profile.sdk.host) - cat(profile.sdk.host, TRANSPORT))}, \`randomUUID\` for the token ${us(cat(profile.sdk.host, 'native randomUUID'))}. ` +
      `Together, the SDK's rows (${us(own(profile.sdk.widget))} + ${us(own(profile.sdk.host))}) exceed the floor's own ` +
      `handlers (${us(own(profile.mc.widget))} + ${us(own(profile.mc.host))}) by ` +
      `${us(own(profile.sdk.widget) + own(profile.sdk.host) - own(profile.mc.widget) - own(profile.mc.host))} with the profiler on, ` +
      `against the measured gap of ${us((sdk.median - mc.median) * 1000)}. No single item explains it: it is ` +
      'per-call allocation and bookkeeping on both sides (message objects, a UUID, promise hops). ' +
      'The bridge reads each method from penpal’s `Proxy` once instead of making a new `Proxy` per call. Neither side arms a timer per ' +
      'call: each keeps every call’s deadline on one timer armed for the earliest (`src/transport/deadlines.ts`), so a call that is answered ' +
      'in time costs a `Set` add and delete; the host builds its timeout message only when a call times out. What is left over penpal is ' +
      'penpal’s own per call (a `randomUUID` id, a `Proxy` call, its message objects) and the host’s work (validation, consent, the token). ' +
      `Isolated calls cost ${ms(isoSdk.median, 2)} against ${ms(isoMc.median, 2)} (raw \`postMessage\`: ${ms(isoPm.median, 2)}): ` +
      `waking the two idle processes adds ${ms(isoMc.median - mc.median, 2)} to the floor, the bridge ` +
      `${ms(isoSdk.median - isoMc.median, 2)}.`,
  )
  return f
}

/** Scale against the floor between the same frames. */
function scaleFinding(_r: Results, fig: Figures): string[] {
  const f: string[] = []
  const { t, scale, one, fifty, scaleRatio } = fig
  if (one && fifty) {
    const mcRatio = fifty.mc.median / one.mc.median
    const relative = scaleRatio / mcRatio
    const spread = (n: { perLoad: { sdk: number }[] }) => {
      const xs = n.perLoad.map((l) => l.sdk)
      return Math.max(...xs) / Math.min(...xs)
    }
    f.push(
      `**Scale: ${verdict(scaleRatio <= t.scale50vs1)}.** With 50 widgets the call takes ` +
        `${ms(fifty.sdk.median)} against ${ms(one.sdk.median)} with one (${times(scaleRatio)}). The raw ` +
        `\`MessageChannel\` floor between the same two frames moved by ${times(mcRatio)} ` +
        `(${ms(one.mc.median)} → ${ms(fifty.mc.median)}), so relative to the floor the SDK call moved by ` +
        `${times(relative)}; the SDK/floor ratio per count: ${scale.map((s) => `${s.widgets}: ${times(s.sdk.median / s.mc.median)}`).join(', ')}. ` +
        (relative <= 1.1
          ? 'Whatever changes with 50 frames changes the raw port too, not the bridge: each widget has ' +
            'its own port, and nothing on the call path looks at the other widgets (the host’s ' +
            'per-widget `message` listeners on `window` see window messages only, and calls do not ' +
            'use the window). '
          : 'The bridge itself slows down with more widgets: look at per-widget work on the call path. ') +
        `Page loads of the same count differ by up to ${times(Math.max(spread(one), spread(fifty)))} ` +
        `(the per-load medians) against the ${times(t.scale50vs1)} the target allows; the floor column is the control.`,
    )
  }
  return f
}

/** Endurance: listeners, heap and timers. */
function enduranceFinding(_r: Results, fig: Figures): string[] {
  const f: string[] = []
  const { e, cfg } = fig
  const snaps = e.snapshots
  const calls10k = e.sequential.n * cfg.endurance.perBatch
  const [first, control, afterSeq, afterConc, cleared] = snaps
  if (first && control && afterSeq && afterConc && cleared) {
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
    f.push(
      `**Endurance: ${listenersStable ? 'no listener leak' : 'listener counts changed'}, ` +
        `${grew ? `but ${pending.toLocaleString('en')} timers are left pending` : 'and no timer left behind'}.** ` +
        `${listenersStable ? 'Listener counts do not move on either side. ' : ''}` +
        `The host heap stays flat (${kib(first.host.heapUsed)} → ${kib(afterConc.host.heapUsed)}). ` +
        `The widget heap grows ${kib(growth)} over ${calls10k.toLocaleString('en')} calls ` +
        `(${bytes(growth / calls10k)} per call; ${calls10k.toLocaleString('en')} raw MessageChannel pings: ` +
        `${kib(control.widget.heapUsed - first.widget.heapUsed)}), and ` +
        `${pending.toLocaleString('en')} timers are pending` +
        (grew
          ? `, ${(afterConc.widget.timers.byDelay[String(longest)] ?? 0).toLocaleString('en')} of them for ${longest / 1000} s. ` +
            `Clearing the ${e.clearedTimers.toLocaleString('en')} pending timers of 60 s or more brings the heap back ` +
            `to ${kib(cleared.widget.heapUsed)}: calls keep their promises alive until their timers fire.`
          : `, as many as before the calls: the bridge's one deadline timer, armed for the earliest call due and ` +
            'gone when it fires with nothing due (`src/transport/deadlines.ts`). Neither side arms a timer per call, ' +
            "and the bridge never gives penpal a `timeout`: penpal 7.0.6's `connectRemoteProxy` never clears the timer it " +
            'arms for one, and before that fix this step left 11,502 timers of up to 11 minutes and 3.5 MiB of heap behind.'),
    )
  }
  return f
}

/** The floods: the longest panel task, and what filled it. */
function floodsFinding(r: Results, _fig: Figures): string[] {
  const f: string[] = []
  const fls = r.floods.floods
  const metAll = fls.every((x) => x.median <= r.floods.targetMs)
  const inst = fls.flatMap((x) => (x.instrumented ? [{ flood: x.flood, ...x.instrumented }] : []))
  f.push(
    `**Floods: ${verdict(metAll)}.** The panel’s longest task during each flood, median of ${r.floods.runs} runs: ` +
      `${fls.map((x) => `${x.flood} ${ms(x.median, 0)} (max ${ms(x.max, 0)})`).join(', ')}, at load ` +
      `${r.floods.loadStart.toFixed(1)}–${r.floods.loadEnd.toFixed(1)}. ` +
      (inst.length
        ? `In the traced runs the longest tasks used ${inst.map((x) => `${ms(x.tasks.longestCpu, 1)} of CPU in ${ms(x.tasks.longestWall, 0)}`).join(', ')}, ` +
          `and no panel task used more than ${ms(Math.max(...inst.map((x) => x.tasks.maxCpu)), 0)} of CPU: what the wall time adds is the thread ` +
          'waiting, for a core of this shared machine or for another thread. Per message the host’s own code took ' +
          `${inst.map((x) => us(x.perMessage.host)).join(', ')} and the rest of the panel’s main thread (the browser’s own message handling, ` +
          `garbage collection, penpal) ${inst.map((x) => us(x.perMessage.other)).join(', ')}.`
        : ''),
  )
  return f
}
