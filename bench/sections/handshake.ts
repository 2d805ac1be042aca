import type { HandshakeRun, Results } from '../lib/results.ts'
import type { Figures } from './figures.ts'
import { inRoundTrips, ms, table } from './format.ts'

/** ## 2. Handshake: at mount and after load, in raw round trips. */
export function handshakeSection(_r: Results, fig: Figures): string[] {
  const { hs, mount, late, coldMount, coldLate } = fig
  const hsRow = (name: string, h: HandshakeRun, cold: number[]) => [
    name,
    String(h.loads),
    ms(h.initialize.median, 2),
    ms(h.initialize.p95, 2),
    `${(h.initialize.median / h.warm.pm.median).toFixed(1)} (p95 ${(h.initialize.p95 / h.warm.pm.median).toFixed(1)}) of ${ms(h.warm.pm.median)}`,
    inRoundTrips(h.initialize.median, cold).toFixed(1),
  ]
  const stepRows = (
    [
      [
        '`platform.js` starts → the host’s ACK1 arrives, with the port and the greeting (the SDK posts its SYN as `platform.js` runs)',
        'answer',
      ],
      [
        'ACK1 or the `initialize()` call, whichever is later → `initialize()` resolved (from the greeting: no call)',
        'afterAnswer',
      ],
      ['total: script start → `initialize()` resolved', 'initialize'],
    ] as const
  ).map(([name, key]) => [
    name,
    ms(mount[key].median, 2),
    ms(mount[key].p95, 2),
    ms(late[key].median, 2),
    ms(late[key].p95, 2),
  ])
  return [
    '## 2. Handshake',
    'The bench panel mounts the widget, waits for its report, unmounts it, waits 100 ms and ' +
      'mounts it again, by itself: each mount is a fresh load of the widget page. Every other mount, instead of `initialize()`, the widget times ' +
      'six raw `window.postMessage` round trips to the panel from the same moment ("cold" round ' +
      'trips, the floor at that point of the frame’s life). The handshake is timed from the first ' +
      'statement of the widget script (after `platform.js` ran) to `initialize()` resolving. The SDK ' +
      'starts its handshake as `platform.js` runs, before that statement, so the "after load" rows, ' +
      'which call `initialize()` after the widget’s load event and 100 ms of quiet, find it done and ' +
      'resolve `initialize()` from the greeting the handshake brought. The raw mounts load `platform.js` too, so its handshake runs beside their round trips. This runs in ' +
      'a Chromium with no debugger attached (see the last row and the findings). Warm round trips: ' +
      'after the loop, one more mount times 1,000 back-to-back raw round trips in the same browser ' +
      '(median per trip over batches of 20).',
    table(
      [
        'handshake',
        'widget page loads',
        'median',
        'p95',
        'in warm round trips',
        'in cold round trips',
      ],
      [
        hsRow('at mount', mount, coldMount),
        hsRow('after load + 100 ms', late, coldLate),
        hsRow(
          'at mount, under Playwright (its default flags, its debugger attached; for comparison only)',
          hs.attached,
          hs.attached.coldCumulative.map((s) => s.median),
        ),
      ],
    ),
    'Cold raw `window.postMessage` round trips, cumulative from the same moment:',
    table(
      ['round trips', 'at mount: median', 'p95', 'after load: median', 'p95'],
      mount.coldCumulative.map((s, k) => [
        String(k + 1),
        ms(s.median, 2),
        ms(s.p95, 2),
        ms(late.coldCumulative[k]?.median ?? Number.NaN, 2),
        ms(late.coldCumulative[k]?.p95 ?? Number.NaN, 2),
      ]),
    ),
    'Where the handshake time goes, seen from the widget (when penpal’s messages reached its window, recorded from before `platform.js` ran):',
    table(['step', 'at mount: median', 'p95', 'after load: median', 'p95'], stepRows),
    'penpal picks the handshake leader by comparing participant ids; the host’s messenger prefixes ' +
      'them on the wire so that the host always leads (`src/transport/window.ts`). Leading, it answers ' +
      'the widget’s SYN with ACK1 alone (a new `MessagePort`, and its greeting: what `initialize` ' +
      'answers, for the `app_key` it mounted), so one window round trip is the whole handshake and ' +
      '`initialize()` sends no call; a widget leading would cost one more window round trip:',
    table(
      [
        'leader',
        'mounts',
        'greeted',
        'handshake median',
        'p95',
        'after load: mounts',
        'greeted',
        'handshake median',
        'p95',
      ],
      (
        [
          ['host', 'hostLed'],
          ['widget', 'widgetLed'],
        ] as const
      ).map(([name, k]) => [
        name,
        String(mount[k].n),
        name === 'host' ? String(mount.greeted) : '–',
        ms(mount[k].median, 2),
        ms(mount[k].p95, 2),
        String(late[k].n),
        name === 'host' ? String(late.greeted) : '–',
        ms(late[k].median, 2),
        ms(late[k].p95, 2),
      ]),
    ),
    `Before all this, the widget page pays for \`platform.js\` itself: from the script before it ` +
      `to the widget script's first statement, median ${ms(mount.scriptEval.median, 2)} ` +
      `(p95 ${ms(mount.scriptEval.p95, 2)}), of which ${ms(mount.scriptRun.median, 2)} ` +
      `(p95 ${ms(mount.scriptRun.p95, 2)}) after both scripts had downloaded, which is mostly \`platform.js\` being parsed and run.`,
  ]
}
