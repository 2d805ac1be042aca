import type { Results } from '../lib/results.ts'
import type { Figures } from './figures.ts'

/** ## Method. */
export function methodSection(r: Results, fig: Figures): string[] {
  const { cfg } = fig
  return [
    '## Method',
    [
      `- One \`bench/run.ts\` run after \`npm run build\`: \`serve()\` from \`scripts/serve.mjs\` on base port ${new URL(r.origins.panel).port} (panel, widgets and a third origin), headless Chromium through Playwright with the executable and flags of \`e2e/browser.ts\`, viewport 1280×800. The handshake loop runs in a second Chromium started directly with only the \`e2e/browser.ts\` flags and no debugger attached; the harness polls its page title through the DevTools HTTP endpoint and attaches once, at the end, to read the results.`,
      '- Pages: `bench/pages/host.html` (the real `createHost` from `dist/host.js` with `createMemoryBackend`, consent recorded for every widget, echo responders for the floors) and `bench/pages/widget.html` (`platform.js` loaded from the panel origin as a widget loads it, then `bench/pages/widget.js`), under the server’s strict CSP.',
      '- The floors run between the same two frames as the SDK call: the widget sends, the host page echoes, with the same payload and reply shapes (`{ scope: [...] }` → a 40-character token).',
      `- Latency: ${cfg.settleMs} ms of quiet after the widgets are ready, a warm-up, then kinds interleaved round by round in a rotating order; per-call time = batch time / 20; medians and p95 over the batches (so p95 is of 20-call means).`,
      '- Handshake: one sample per mount, three warm-up mounts dropped, SDK and raw mounts alternating.',
      '- First load: a Chromium started for each page load with a fresh `--user-data-dir`, the bench panel with `first=1` (one widget that reports), no debugger attached until the page title says done; the harness then attaches once to read both pages’ figures.',
      '- Profile: CDP `Profiler` on the host page and on the widget’s out-of-process frame at the same time; samples mapped to sources with the `dist/*.js.map` source maps.',
      '- Endurance: after a warm-up, snapshots before, after 10,000 raw MessageChannel pings (control), after 10,000 sequential and after 1,000 concurrent SDK calls, and after clearing the pending timers of 60 s or more.',
      '- Floods: see [section 7](#7-floods).',
      '- Peers: penpal 7 (`penpal.min.js`, its own channel), comlink 4 (UMD build; `windowEndpoint` as its docs show for iframes, and over a transferred `MessagePort`), post-robot 10 (`post-robot.min.js`), all served from `node_modules` and used only here.',
    ].join('\n'),
  ]
}
