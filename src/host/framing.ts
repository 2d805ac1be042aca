/**
 * Whether the panel page is seen as itself: a page framed by another site can be drawn invisible
 * (opacity, a bait on top) while the user's clicks still land on it, and a host dialog's confirm
 * would then take a click meant for the bait.
 *
 * Returns the first ancestor origin that is neither the panel's own nor listed in `allowed`, or
 * `undefined` when the page is top-level or every ancestor is trusted. Where the browser does not
 * name its ancestors (`location.ancestorOrigins`), a cross-origin ancestor cannot be told from an
 * allowed one and counts as foreign: fail closed.
 *
 * @example
 * foreignAncestor(window, new Set(['https://portal.example'])) // 'https://evil.example' or undefined
 */
export function foreignAncestor(win: Window, allowed: ReadonlySet<string>): string | undefined {
  if (win.parent === win) return undefined
  const own = win.location.origin
  const named = (win.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins
  if (named) {
    for (let i = 0; i < named.length; i++) {
      const origin = named.item(i) ?? 'null'
      if (origin !== own && !allowed.has(origin)) return origin
    }
    return undefined
  }
  for (let w: Window = win; w.parent !== w; ) {
    w = w.parent
    let origin: string
    try {
      origin = w.location.origin
    } catch {
      return UNNAMED
    }
    if (origin !== own && !allowed.has(origin)) return origin
  }
  return undefined
}

/** What {@link foreignAncestor} answers for a cross-origin ancestor the browser does not name. */
export const UNNAMED = 'another origin'
