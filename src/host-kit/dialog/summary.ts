import { h } from './dom.js'

/**
 * A payment dialog's summary: one row per line (what is bought, its price), the last one marked
 * as the total. Shared by the payment handlers (`pay`, `subscribe`, `payForDoctorService`).
 */
export function summaryTable(
  doc: Document,
  rows: [label: string, value: string | Node, total?: boolean][],
): HTMLTableElement {
  return h(
    doc,
    'table',
    {},
    h(
      doc,
      'tbody',
      {},
      ...rows.map(([label, value, total]) =>
        h(
          doc,
          'tr',
          { class: total ? 'total' : undefined },
          h(doc, 'th', { scope: 'row' }, label),
          h(doc, 'td', {}, value),
        ),
      ),
    ),
  )
}
