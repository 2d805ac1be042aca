import type { Results } from '../lib/results.ts'
import type { Figures } from './figures.ts'
import { table } from './format.ts'
import { fill } from './template.ts'

/** The title, and the machine the run had. */
export function machineSection(r: Results, _fig: Figures): string {
  const { loadStart, loadEnd } = r.machine
  return fill('machine', {
    loadWarning:
      Math.max(loadStart, loadEnd) > 1
        ? `**Warning: the load average was above 1** (${loadStart.toFixed(2)} at the start, ${loadEnd.toFixed(2)} at the end, on ${r.machine.nproc} cores): other work shared the machine${loadEnd > 1 ? ', or the run’s own processes did at its end' : ''}, so the absolute figures below are slower and noisier than a quiet machine’s.${r.ab ? ' The A/B ratios, each taken within one page load, are the figures to judge by.' : ''}`
        : '',
    command: r.command,
    date: r.date,
    table: table(
      ['', ''],
      [
        ['CPU', `${r.machine.cpu}, \`nproc\` ${r.machine.nproc}`],
        ['Memory', `${r.machine.memoryGiB} GiB`],
        ['OS', r.machine.os],
        ['Browser', `${r.browser}, flags from \`e2e/browser.ts\``],
        ['Node', r.machine.node],
        [
          'Commit',
          `${r.machine.commit}${r.machine.dirty ? ' (the tree had uncommitted changes under src/)' : ''}`,
        ],
        ['Date', r.date],
        ['Command', `\`${r.command}\``],
        ['Duration', `${r.durationS} s`],
        [
          'Load average (1 min)',
          `${r.machine.loadStart.toFixed(2)} before the run, ${r.machine.loadEnd.toFixed(2)} at its end (the run's own processes count too)`,
        ],
        [
          'Origins',
          `panel ${r.origins.panel}, each widget on its own origin of the widgets' server (${r.origins.widget.replace('//localhost', '//<app_key>.localhost')}): cross-site, so each widget is an out-of-process iframe`,
        ],
      ],
    ),
  })
}
