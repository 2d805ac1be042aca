// The panel's own history router: a route is a pattern of segments, `:name` one segment and a
// last `*` the rest. Links with `data-link` move without a page load; the back button works.

export interface Match {
  name: string
  params: Record<string, string>
  /** What `*` matched, undecoded, with the query: a widget's page path. */
  rest: string
}

export interface Route {
  name: string
  pattern: string
}

/** The first route whose pattern matches `path`, or undefined: the not-found view. */
export function match(routes: readonly Route[], path: string, search = ''): Match | undefined {
  const segments = path.split('/').slice(1)
  for (const { name, pattern } of routes) {
    const parts = pattern.split('/').slice(1)
    const params: Record<string, string> = {}
    let ok = true
    for (const [i, part] of parts.entries()) {
      if (part === '*') return { name, params, rest: `${segments.slice(i).join('/')}${search}` }
      const segment = segments[i]
      if (segment === undefined) ok = false
      else if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(segment)
      else if (part !== segment) ok = false
      if (!ok) break
    }
    if (ok && segments.length === parts.length) return { name, params, rest: '' }
  }
  return undefined
}

/** Starts the router: `render` runs now and after every move. Returns `go(path)`. */
export function startRouter(render: () => void): (path: string) => void {
  const go = (path: string) => {
    history.pushState(null, '', path)
    render()
  }
  document.addEventListener('click', (event) => {
    const link = (event.target as Element).closest?.('a[data-link]')
    if (!(link instanceof HTMLAnchorElement) || event.button !== 0) return
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    go(link.pathname + link.search)
  })
  addEventListener('popstate', render)
  render()
  return go
}
