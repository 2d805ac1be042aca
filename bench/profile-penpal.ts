// `npx tsx bench/profile-penpal.ts`, after an A/B run (`npm run bench -- --only ab --against
// <ref>`, which leaves both builds in bench/ab/): where build B's SDK call spends its time above
// bare penpal's, in the same frames. The A/B panel (bench/pages/ab-host.html) mounts B's widget;
// the V8 sampling profiler runs in the panel and in the widget's out-of-process frame at once
// while that frame makes `calls` back-to-back calls of each kind (the SDK's getSessionToken, bare
// penpal's ping on its own channel, the raw MessageChannel floor), the kinds in turn over
// `rounds` rounds. Prints main-thread self time per call by category (source file through the
// source maps, package, or the browser's own work), each side, the kinds side by side; the
// findings in BENCHMARKS.md (bench/sections/findings/profile.md) quote a run of it.

import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumExecutable } from '../e2e/browser.ts'
import { origins, serve } from '../scripts/serve.mjs'
import { CONFIG, log, root } from './config.ts'
import type { Kind } from './lib/page.ts'
import { freeBase } from './lib/ports.ts'
import { type CpuProfile, type ProfileSummary, summarizeProfile } from './lib/profile.ts'
import { table } from './sections/format.ts'

const KINDS: Kind[] = ['sdk', 'penpal', 'mc']
const calls = 2000
const rounds = 3
const intervalUs = 50

process.chdir(root)
const server = await serve(origins(await freeBase(CONFIG.basePort + 20)))
const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS })
try {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(`${server.origins.panel.origin}/bench/pages/ab-host.html?first=b`)
  await page.waitForFunction(() => window.hostReady === true, undefined, { polling: 20 })
  const frame = await (await page.waitForSelector('iframe[data-app-key="abb"]')).contentFrame()
  if (!frame) throw new Error('no frame for build B')
  await frame.waitForFunction(() => window.benchState?.ready === true, undefined, {
    polling: 20,
    timeout: 60_000,
  })
  const sessions = {
    host: await context.newCDPSession(page),
    widget: await context.newCDPSession(frame),
  }
  for (const kind of KINDS)
    await frame.evaluate(([k]) => window.bench.measure(k, 1, 300), [kind] as const)
  const got: Record<string, { host: ProfileSummary[]; widget: ProfileSummary[]; wall: number[] }> =
    Object.fromEntries(KINDS.map((k) => [k, { host: [], widget: [], wall: [] }]))
  for (let r = 0; r < rounds; r++) {
    for (const kind of r % 2 ? [...KINDS].reverse() : KINDS) {
      log(`profile: ${kind}, round ${r + 1} of ${rounds}`)
      for (const s of Object.values(sessions)) {
        await s.send('Profiler.enable')
        await s.send('Profiler.setSamplingInterval', { interval: intervalUs })
        await s.send('Profiler.start')
      }
      const [wall] = await frame.evaluate(([k, n]) => window.bench.measure(k, 1, n), [
        kind,
        calls,
      ] as const)
      for (const side of ['host', 'widget'] as const) {
        const s = sessions[side]
        const { profile } = (await s.send('Profiler.stop')) as unknown as { profile: CpuProfile }
        await s.send('Profiler.disable')
        got[kind]?.[side].push(summarizeProfile(profile, calls, root))
      }
      got[kind]?.wall.push((wall as number) * 1000)
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, x) => a + x, 0) / (xs.length || 1)
  const perCall = (kind: Kind, side: 'host' | 'widget', category: string) =>
    mean((got[kind]?.[side] ?? []).map((p) => p.byCategory[category] ?? 0))
  const out: string[] = [
    `${calls} back-to-back calls of each kind, ${rounds} rounds, V8 sampling every ${intervalUs} µs, both frames; µs per call (mean over rounds). Wall time per call while profiling: ${KINDS.map((k) => `${k} ${mean(got[k]?.wall ?? []).toFixed(0)} µs`).join(', ')}.`,
  ]
  for (const side of ['widget', 'host'] as const) {
    const categories = new Set(
      KINDS.flatMap((k) => (got[k]?.[side] ?? []).flatMap((p) => Object.keys(p.byCategory))),
    )
    const rows = [...categories]
      .map((c) => [c, ...KINDS.map((k) => perCall(k, side, c))] as [string, ...number[]])
      .filter(([, ...xs]) => xs.some((x) => x >= 0.5))
      .sort((a, b) => (b[1] as number) - (b[2] as number) - ((a[1] as number) - (a[2] as number)))
    const busy = KINDS.map((k) => mean((got[k]?.[side] ?? []).map((p) => p.busyPerCall)))
    out.push(
      `\n${side}:\n`,
      table(
        ['self time per call', ...KINDS, 'sdk − penpal'],
        [
          ...rows.map(([c, ...xs]) => [
            c,
            ...xs.map((x) => x.toFixed(1)),
            ((xs[0] as number) - (xs[1] as number)).toFixed(1),
          ]),
          [
            '**busy (all but idle)**',
            ...busy.map((x) => x.toFixed(1)),
            ((busy[0] as number) - (busy[1] as number)).toFixed(1),
          ],
        ],
      ),
    )
  }
  process.stdout.write(`${out.join('\n')}\n`)
} finally {
  await browser.close()
  await server.close()
}
process.exit(0)
