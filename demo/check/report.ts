// The report: one section per widget, each finding with its severity, what the doctor or
// patient would see, and the fix; or the same as JSON (`--json`).
import type { Finding, Severity } from './finding.js'

export interface WidgetReport {
  app_key: string
  url: string
  /** Where it was loaded: contexts and pages by key. */
  loaded: string[]
  findings: Finding[]
}

export interface Report {
  engines: {
    /** The engines that loaded the widgets. */
    ran: string[]
    /** The engines asked for that could not run here: why, and how to install them. */
    skipped: { engine: string; why: string }[]
    /** What an engine that ran could not observe, so did not check (never a silent pass). */
    notChecked?: { engine: string; what: string[] }[]
  }
  widgets: WidgetReport[]
}

const ORDER: Record<Severity, number> = { error: 0, warning: 1, note: 2 }

export const count = (findings: Finding[], severity: Severity) =>
  findings.filter((f) => f.severity === severity).length

/** 1 when any widget has an error, else 0. */
export function exitStatus(report: Report): number {
  return report.widgets.some((w) => count(w.findings, 'error') > 0) ? 1 : 0
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

function widgetLines(w: WidgetReport): string[] {
  // Nothing loaded (no engine ran): nothing was checked, which is not "no findings".
  if (w.loaded.length === 0) return [`${w.app_key}  ${w.url}`, '  not checked: no engine ran']
  const lines = [`${w.app_key}  ${w.url}`, `  loaded in: ${w.loaded.join(', ')}`]
  const sorted = [...w.findings].sort((a, b) => ORDER[a.severity] - ORDER[b.severity])
  for (const f of sorted) {
    lines.push(`  ${f.severity.padEnd(7)}  ${f.title}${f.where ? `  [${f.where.join(', ')}]` : ''}`)
    if (f.why) lines.push(`           why:  ${f.why}`)
    lines.push(`           seen: ${f.seen}`, `           fix:  ${f.fix}`)
  }
  const { findings } = w
  lines.push(
    findings.length === 0
      ? '  no findings'
      : `  ${plural(count(findings, 'error'), 'error')}, ${plural(count(findings, 'warning'), 'warning')}, ${plural(count(findings, 'note'), 'note')}`,
  )
  return lines
}

/** The report as the terminal shows it. */
export function formatReport(report: Report): string {
  const { ran, skipped } = report.engines
  const lines = [`platform-widget-dev check: ${plural(report.widgets.length, 'widget')}`]
  lines.push(`  engines run: ${ran.join(', ') || 'none'}`)
  for (const s of skipped) lines.push(`  not run: ${s.engine}: ${s.why}`)
  for (const n of report.engines.notChecked ?? []) {
    lines.push(`  not checked in ${n.engine}: ${n.what.join('; ')}`)
  }
  for (const w of report.widgets) lines.push('', ...widgetLines(w))
  return `${lines.join('\n')}\n`
}

/** The report for a machine (`--json`): the same content, and the exit status. */
export function jsonReport(report: Report): string {
  return JSON.stringify({ ...report, status: exitStatus(report) }, null, 2)
}
