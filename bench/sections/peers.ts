import type { Results } from '../lib/results.ts'
import type { Summary } from '../lib/stats.ts'
import type { Figures } from './figures.ts'
import { LABELS, ms, table, times } from './format.ts'

/** ## 6. Peers: penpal, comlink and post-robot over the same frames. */
export function peersSection(_r: Results, fig: Figures): string[] {
  const { peers, peersMc, peersPm, cfg } = fig
  return [
    '## 6. Peers',
    `Same harness, same two frames: ${cfg.peers.loads} page loads with a bare penpal connection, comlink and ` +
      'post-robot loaded in both frames, every kind interleaved, ratios against the floors ' +
      'measured in those same page loads.',
    table(
      ['round trip', 'median', 'p95', '× MessageChannel', '× postMessage'],
      (['sdk', 'penpal', 'comlink-port', 'comlink', 'post-robot', 'mc', 'pm'] as const).map((k) => {
        const s = peers[k] as Summary
        return [
          LABELS[k] as string,
          ms(s.median),
          ms(s.p95),
          times(s.median / peersMc.median),
          times(s.median / peersPm.median),
        ]
      }),
    ),
  ]
}
