import type { HandshakeRun, Results } from '../lib/results.ts'
import type { Figures } from './figures.ts'
import { inRoundTrips, ms, table } from './format.ts'
import { fill } from './template.ts'

/** ## 2. Handshake: at mount and after load, in raw round trips. */
export function handshakeSection(_r: Results, fig: Figures): string {
  const { mount } = fig
  return fill('handshake', {
    handshakes: handshakesTable(fig),
    cold: coldTable(fig),
    steps: stepsTable(fig),
    leaders: leadersTable(fig),
    evalMedian: ms(mount.scriptEval.median, 2),
    evalP95: ms(mount.scriptEval.p95, 2),
    runMedian: ms(mount.scriptRun.median, 2),
    runP95: ms(mount.scriptRun.p95, 2),
  })
}

/** Each kind of handshake, in ms and in round trips. */
function handshakesTable({ hs, mount, late, coldMount, coldLate }: Figures): string {
  const hsRow = (name: string, h: HandshakeRun, cold: number[]) => [
    name,
    String(h.loads),
    ms(h.initialize.median, 2),
    ms(h.initialize.p95, 2),
    `${(h.initialize.median / h.warm.pm.median).toFixed(1)} (p95 ${(h.initialize.p95 / h.warm.pm.median).toFixed(1)}) of ${ms(h.warm.pm.median)}`,
    inRoundTrips(h.initialize.median, cold).toFixed(1),
  ]
  return table(
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
  )
}

/** Cold raw round trips, cumulative. */
function coldTable({ mount, late }: Figures): string {
  return table(
    ['round trips', 'at mount: median', 'p95', 'after load: median', 'p95'],
    mount.coldCumulative.map((s, k) => [
      String(k + 1),
      ms(s.median, 2),
      ms(s.p95, 2),
      ms(late.coldCumulative[k]?.median ?? Number.NaN, 2),
      ms(late.coldCumulative[k]?.p95 ?? Number.NaN, 2),
    ]),
  )
}

/** The handshake step by step, seen from the widget. */
function stepsTable({ mount, late }: Figures): string {
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
  return table(['step', 'at mount: median', 'p95', 'after load: median', 'p95'], stepRows)
}

/** Handshakes by their leader. */
function leadersTable({ mount, late }: Figures): string {
  return table(
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
  )
}
