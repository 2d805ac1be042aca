// Formatting shared by the sections of BENCHMARKS.md.

export const ms = (x: number, digits = 3) => (Number.isFinite(x) ? `${x.toFixed(digits)} ms` : '–')
export const us = (x: number) => `${Math.round(x)} µs`
export const bytes = (x: number) => `${Math.round(x).toLocaleString('en')} B`
export const kib = (x: number) => `${(x / 1024).toFixed(1)} KiB`
export const times = (x: number) => `${x.toFixed(2)}×`
export const verdict = (ok: boolean) => (ok ? 'met' : 'missed')
export const status = (ok: boolean) => `**${verdict(ok)}**`
const row = (cells: string[]) => `| ${cells.join(' | ')} |`
export const table = (head: string[], rows: string[][]) =>
  [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n')

/** Where `value` falls on a cumulative curve of round trips, interpolated (extrapolated past the end). */
export function inRoundTrips(value: number, cumulative: number[]): number {
  let prev = 0
  for (let k = 0; k < cumulative.length; k++) {
    const at = cumulative[k] as number
    if (value <= at) return k + (value - prev) / (at - prev || 1)
    prev = at
  }
  const n = cumulative.length
  const step = n > 1 ? (cumulative[n - 1] as number) - (cumulative[n - 2] as number) : prev
  return n + (value - prev) / (step || 1)
}

/** What each kind of round trip is, as the tables name it. */
export const LABELS: Record<string, string> = {
  sdk: '`platform.getSessionToken` (SDK → penpal → host → memory backend)',
  penpal: 'bare penpal call (`ping`, its own channel)',
  mc: 'raw `MessageChannel` ping-pong (the floor)',
  pm: 'raw `window.postMessage` ping-pong',
  comlink: 'comlink, `windowEndpoint` (its documented iframe setup)',
  'comlink-port': 'comlink over a transferred `MessagePort`',
  'post-robot': 'post-robot `send` / `on`',
}
