import type { Results } from '../lib/results.ts'
import type { Summary } from '../lib/stats.ts'
import type { Figures } from './figures.ts'
import { ms, table } from './format.ts'
import { fill } from './template.ts'

/** ## 2b. First load: a cold page in cold processes. */
export function firstLoadSection(_r: Results, fig: Figures): string {
  const { fl } = fig
  const flRow = (name: string, x: Summary) => [
    name,
    ms(x.median, 1),
    ms(x.p95, 1),
    ms(x.min, 1),
    ms(x.max, 1),
  ]
  return fill('first-load', {
    loads: String(fl.loads),
    table: table(
      ['first load', 'median', 'p95', 'min', 'max'],
      [
        flRow(
          'widget script’s first statement → `initialize()` resolved (the handshake rows’ measure)',
          fl.scriptToInitialize,
        ),
        flRow('`platform.js` starts → the host’s ACK1 with the port arrives', fl.answer),
        flRow('↳ `platform.js` starts → its SYN reaches the panel’s window', fl.synToPanel),
        flRow('↳ the SYN reaches the panel → the host’s ACK1 reaches the widget', fl.panelToAnswer),
        flRow('`platform.js` starts → `initialize()` resolved', fl.platformToInitialize),
        flRow('the panel mounts the widget → `initialize()` resolved', fl.mountToInitialize),
        flRow(
          'the panel page’s navigation starts → `platform.js` starts in the widget',
          fl.navigationToPlatform,
        ),
        flRow(
          'the panel page’s navigation starts → `initialize()` resolved',
          fl.navigationToInitialize,
        ),
      ],
    ),
  })
}
