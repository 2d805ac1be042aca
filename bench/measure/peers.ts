import { CONFIG, log } from '../config.ts'
import type { Kind } from '../lib/page.ts'
import type { Results } from '../lib/results.ts'
import { type BenchPanel, summaries } from './bench-panel.ts'

/**
 * 6. Peers: the same ping-pong over the same two frames, with bare penpal, comlink and
 * post-robot loaded in both, over a few page loads.
 */
export async function measurePeers({ open, interleaved }: BenchPanel): Promise<Results['peers']> {
  const peerKinds: Kind[] = ['sdk', 'penpal', 'mc', 'pm', 'comlink', 'comlink-port', 'post-robot']
  const peerSamples: Record<string, number[]> = Object.fromEntries(peerKinds.map((k) => [k, []]))
  for (let load = 0; load < CONFIG.peers.loads; load++) {
    log(`peers: page load ${load + 1} of ${CONFIG.peers.loads}`)
    const [pFrame] = await open({ peers: '1', wq: 'peers=1' })
    if (!pFrame) throw new Error('no widget')
    const samples = await interleaved(pFrame, peerKinds, CONFIG.peers)
    for (const k of peerKinds) peerSamples[k]?.push(...samples[k])
  }
  return summaries(peerSamples)
}
