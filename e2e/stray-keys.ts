/**
 * Where the engine lets a hidden frame take focus now and then (Chromium without the focus
 * policy's trial token), a key typed between a grab and the host's reclaim reaches the focused
 * frame, and nothing on the panel's side closes those few ms (SECURITY.md, "What remains"). What
 * the host holds every run instead: each key typed reaches the dialog or one frame, never two and
 * never out of order; the dialog's field keeps the rest; and the frames get at most half, since a
 * trap that stopped reclaiming would give them every key after the first grab.
 *
 * Returns what breaks that, or null. `loot` is every key the frames saw, in arrival order; `kept`
 * is what the dialog's field holds, where the keys were typed into one.
 */
export function strayKeysProblem(
  typed: readonly string[],
  loot: readonly string[],
  kept?: readonly string[],
): string | null {
  const rest: string[] = []
  let next = 0
  for (const key of loot) {
    while (next < typed.length && typed[next] !== key) rest.push(typed[next++]!)
    if (next === typed.length)
      return `the frames saw a key not typed, out of order or twice: ${show(loot)}`
    next++
  }
  rest.push(...typed.slice(next))
  if (loot.length > typed.length / 2)
    return `${loot.length} of ${typed.length} keys reached the frames: ${show(loot)}`
  if (kept && show(kept) !== show(rest))
    return `the field holds ${show(kept)}, not the keys the frames did not get (${show(rest)})`
  return null
}

const show = (keys: readonly string[]) => keys.join(' ')
