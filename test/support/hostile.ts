import nodeConsole from 'node:console'

/** `depth` levels of `{ a: { a: ... } }`. */
export function nested(depth: number): unknown {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = { a: value }
  return value
}

/**
 * Browsers refuse to structured-clone DOM nodes (DataCloneError), in `structuredClone` and in
 * `postMessage`; happy-dom's nodes are plain JS objects that Node clones without complaint. This
 * makes both behave as a browser does for them, for as long as the returned function is not
 * called. The e2e suite checks the same rows in Chromium without any shim.
 */
export function browserLikeStructuredClone(): () => void {
  const native = globalThis.structuredClone
  const port = Object.getPrototypeOf(new MessageChannel().port1) as {
    postMessage: (...args: unknown[]) => void
  }
  const post = port.postMessage
  const hasNode = (value: unknown, seen = new Set<unknown>()): boolean => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return false
    seen.add(value)
    if (value instanceof Node) return true
    const children =
      value instanceof Map
        ? [...value.keys(), ...value.values()]
        : value instanceof Set
          ? [...value]
          : Object.values(value)
    return children.some((child) => hasNode(child, seen))
  }
  const refuse = () => new DOMException('HTMLElement object could not be cloned.', 'DataCloneError')
  globalThis.structuredClone = ((value: unknown, options?: StructuredSerializeOptions) => {
    if (hasNode(value)) throw refuse()
    return native(value, options)
  }) as typeof structuredClone
  port.postMessage = function (this: unknown, message: unknown, ...rest: unknown[]) {
    if (hasNode(message)) throw refuse()
    return post.call(this, message, ...rest)
  }
  return () => {
    globalThis.structuredClone = native
    port.postMessage = post
  }
}

/**
 * happy-dom loads no iframe pages here and reports each iframe it skips on the console it was
 * given (Node's own, not the test's). Silences exactly that report until the returned function
 * is called.
 */
export function quietIframeErrors(): () => void {
  const error = nodeConsole.error
  nodeConsole.error = (...args: unknown[]) => {
    if (!String(args[0]).includes('Iframe page loading is disabled')) error(...args)
  }
  return () => {
    nodeConsole.error = error
  }
}
