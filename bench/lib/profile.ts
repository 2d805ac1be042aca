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

/** Each profile node's category and name, mapped back to original sources under `root`. */
function nameNodes(
  profile: CpuProfile,
  root: string,
): Map<number, { category: string; name: string }> {
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
    // An A/B build's copy (bench/ab/a|b/dist) maps back to its own tree's sources.
    const source = (original?.source ?? path.relative(root, file)).replace(/^bench\/ab\/[ab]\//, '')
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1]
    const category = pkg ?? (source.startsWith('bench/') ? 'bench harness' : source)
    const line = original?.line ?? callFrame.lineNumber + 1
    names.set(id, { category, name: `${source}:${line}${original ? '' : ` ${fn}`}` })
  }
  return names
}

/**
 * Self time of a sampled CPU profile, mapped back to original sources through the source maps
 * of the served files under `root`, per call.
 */
export function summarizeProfile(profile: CpuProfile, calls: number, root: string): ProfileSummary {
  const names = nameNodes(profile, root)
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

export interface BusyStretch {
  /** Length of the longest run of samples without an idle one, ms. */
  ms: number
  /** Its self time by category (see {@link ProfileSummary.byCategory}), ms. */
  byCategory: Record<string, number>
  /** Its heaviest self-time entries, ms. */
  top: { name: string; ms: number }[]
}

/**
 * The longest stretch of the profile in which the thread never went idle: a long task (or
 * several back to back with no idle sample between them), and what filled it.
 */
export function longestBusy(profile: CpuProfile, root: string): BusyStretch {
  const names = nameNodes(profile, root)
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  let best = { from: 0, to: 0, us: 0 }
  let from = 0
  let us = 0
  for (let i = 0; i <= samples.length; i++) {
    const idle = i === samples.length || names.get(samples[i] as number)?.category === '(idle)'
    if (idle) {
      if (us > best.us) best = { from, to: i, us }
      from = i + 1
      us = 0
    } else us += deltas[i + 1] ?? 0
  }
  const byCategory: Record<string, number> = {}
  const byName = new Map<string, number>()
  for (let i = best.from; i < best.to; i++) {
    const entry = names.get(samples[i] as number)
    const ms = (deltas[i + 1] ?? 0) / 1000
    if (!entry || entry.category === '(root)') continue
    byCategory[entry.category] = (byCategory[entry.category] ?? 0) + ms
    byName.set(entry.name, (byName.get(entry.name) ?? 0) + ms)
  }
  const top = [...byName]
    .map(([name, ms]) => ({ name, ms }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 8)
  return { ms: best.us / 1000, byCategory, top }
}
