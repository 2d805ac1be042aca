import { strayKeysProblem } from '../stray-keys'
import { dialog, until } from './app'
import type { Driver } from './driver'
import { expect, test } from './fixtures'

const loot = (d: Driver) => d.evaluate('top', () => window.loot as string[], null)

/**
 * The keys typed with a widget grabbing focus, accounted for. Where the engine lets the hidden
 * frame take focus (`grabs`: Chromium; WebKit for a frame the user clicked before) by
 * `strayKeysProblem`; elsewhere none reaches a widget. `kept` is what the dialog's field holds,
 * where the keys went into one. The keys the widgets saw go into the report.
 */
export async function accountForKeys(
  d: Driver,
  typed: readonly string[],
  { kept, grabs = d.engine === 'chromium' }: { kept?: readonly string[]; grabs?: boolean } = {},
): Promise<void> {
  const seen = await loot(d)
  test.info().annotations.push({ type: 'keys to a widget', description: seen.join(' ') || 'none' })
  if (grabs) expect(strayKeysProblem(typed, seen, kept)).toBeNull()
  else expect({ seen, kept }).toEqual({ seen: [], kept: kept && typed })
}

/**
 * Esc, as the doctor presses it until the dialog closes: where a hidden frame can take focus, one
 * can reach it in a grab's few ms, and the doctor presses again. Pressed again only once a widget
 * has seen the last one, three times at most. Returns the presses, for `accountForKeys`.
 */
export async function escapeAway(d: Driver): Promise<string[]> {
  const escapesSeen = async () => (await loot(d)).filter((key) => key === 'Escape').length
  const presses: string[] = []
  for (;;) {
    const stolen = await escapesSeen()
    await d.press('Escape')
    presses.push('Escape')
    const closed = await until(async () => {
      if ((await dialog(d)) === null) return 'closed'
      return (await escapesSeen()) > stolen ? 'stolen' : null
    }, 'the dialog closed, or Esc in a widget')
    if (closed === 'closed' || presses.length === 3) return presses
  }
}
