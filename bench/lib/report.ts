import { abSection } from '../sections/ab.ts'
import { callsSection } from '../sections/calls.ts'
import { enduranceSection } from '../sections/endurance.ts'
import { type Figures, figures } from '../sections/figures.ts'
import { findingsSection } from '../sections/findings.ts'
import { firstLoadSection } from '../sections/first-load.ts'
import { renderFloods } from '../sections/floods.ts'
import { handshakeSection } from '../sections/handshake.ts'
import { machineSection } from '../sections/machine.ts'
import { methodSection } from '../sections/method.ts'
import { peersSection } from '../sections/peers.ts'
import { scaleSection } from '../sections/scale.ts'
import { sizeSection } from '../sections/size.ts'
import { targetsSection } from '../sections/targets.ts'
import type { Results } from './results.ts'

export { abSection as renderAb, renderFloods }

type Section = (r: Results, fig: Figures) => string

/** BENCHMARKS.md's sections, in order; each is a module of `bench/sections/`. */
const SECTIONS: Section[] = [
  machineSection,
  (r) => r.note ?? '',
  targetsSection,
  (r) => (r.ab ? abSection(r.ab) : ''),
  sizeSection,
  handshakeSection,
  firstLoadSection,
  callsSection,
  scaleSection,
  enduranceSection,
  peersSection,
  (r) => renderFloods(r.floods),
  findingsSection,
  methodSection,
]

/** BENCHMARKS.md from a run's results (`bench/results.json`). */
export function renderMarkdown(r: Results): string {
  const fig = figures(r)
  return `${SECTIONS.map((section) => section(r, fig))
    .filter(Boolean)
    .join('\n\n')}\n`
}
