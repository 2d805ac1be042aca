import { existsSync } from 'node:fs'
import path from 'node:path'
import { lookup, readSourceMap, type SourceMap } from './sourcemap.ts'

/** The parts of a CDP `Profiler.Profile` used here. */
export interface CpuProfile {
  nodes: {
    id: number
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  }[]
  samples?: number[]
  timeDeltas?: number[]
}

export interface ProfileSummary {
  /** Main-thread time not idle, µs per call. */
  busyPerCall: number
  /** µs per call by category: (program), (garbage collector), `native <built-in>`, a package or a source file. */
  byCategory: Record<string, number>
  /** The heaviest self-time entries, µs per call. */
  top: { name: string; perCall: number }[]
}

const SPECIAL = new Set(['(idle)', '(program)', '(garbage collector)', '(root)'])

/**
 * Self time of a sampled CPU profile, mapped back to original sources through the source maps
 * of the served files under `root`, per call.
 */
export function summarizeProfile(profile: CpuProfile, calls: number, root: string): ProfileSummary {
  const maps = new Map<string, SourceMap | undefined>()
  const mapFor = (file: string) => {
    if (!maps.has(file)) maps.set(file, existsSync(`${file}.map`) ? readSourceMap(file) : undefined)
    return maps.get(file)
  }
  const names = new Map<number, { category: string; name: string }>()
  for (const { id, callFrame } of profile.nodes) {
    const fn = callFrame.functionName || '(anonymous)'
    if (SPECIAL.has(fn) || !callFrame.url) {
      names.set(id, {
        category: SPECIAL.has(fn) ? fn : `native ${fn}`,
        name: SPECIAL.has(fn) ? fn : `native ${fn}`,
      })
      continue
    }
    let file = callFrame.url
    try {
      file = path.join(root, decodeURIComponent(new URL(callFrame.url).pathname))
    } catch {}
    const map = mapFor(file)
    const original = map && lookup(map, callFrame.lineNumber, callFrame.columnNumber)
    const source = original?.source ?? path.relative(root, file)
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1]
    const category = pkg ?? (source.startsWith('bench/') ? 'bench harness' : source)
    const line = original?.line ?? callFrame.lineNumber + 1
    names.set(id, { category, name: `${source}:${line}${original ? '' : ` ${fn}`}` })
  }
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  const byCategory: Record<string, number> = {}
  const byName = new Map<string, number>()
  let busy = 0
  for (let i = 0; i < samples.length; i++) {
    const us = deltas[i + 1] ?? 0
    const entry = names.get(samples[i] as number)
    if (!entry || entry.category === '(idle)' || entry.category === '(root)') continue
    busy += us
    byCategory[entry.category] = (byCategory[entry.category] ?? 0) + us
    byName.set(entry.name, (byName.get(entry.name) ?? 0) + us)
  }
  for (const key of Object.keys(byCategory)) byCategory[key] = (byCategory[key] as number) / calls
  const top = [...byName]
    .map(([name, us]) => ({ name, perCall: us / calls }))
    .sort((a, b) => b.perCall - a.perCall)
    .slice(0, 12)
  return { busyPerCall: busy / calls, byCategory, top }
}
