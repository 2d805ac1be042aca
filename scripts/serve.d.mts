// Types for serve.mjs, which bench/run.ts imports.
interface Origin {
  host: string
  port: number
  origin: string
}
export interface Origins {
  panel: Origin
  widget: Origin
  third: Origin
}
/** Origins from a base port: the panel, the widgets' site, and an untrusted third site. */
export function origins(base?: number): Origins
/** Serves the repository on each origin; resolves once all of them listen. */
export function serve(all?: Origins): Promise<{ origins: Origins; close(): Promise<unknown> }>
