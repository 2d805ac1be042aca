import type { Results } from '../lib/results.ts'
import type { Summary } from '../lib/stats.ts'
import type { Figures } from './figures.ts'
import { LABELS, ms, table, times } from './format.ts'
import { fill } from './template.ts'

/** ## 6. Peers: penpal, comlink and post-robot over the same frames. */
export function peersSection(_r: Results, fig: Figures): string {
  const { peers, peersMc, peersPm, cfg } = fig
  return fill('peers', {
    loads: String(cfg.peers.loads),
    table: table(
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
  })
}
