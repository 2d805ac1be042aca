import type { Results } from '../lib/results.ts'
import type { Figures } from './figures.ts'
import { table } from './format.ts'
import { fill } from './template.ts'

/** The title, and the machine the run had. */
export function machineSection(r: Results, _fig: Figures): string {
  return fill('machine', {
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
