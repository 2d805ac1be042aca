// A console value in words, the same in every engine: a string as it is, an Error by its message
// (and its code, as the SDK's errors carry one), an event by its type and target, anything else as
// JSON. Self-contained: the probe sends its source into the page (run.ts).

/** `value` in words, at most 500 characters. */
export function inWords(value: unknown): string {
  let text: string
  if (typeof value === 'string') text = value
  else if (typeof value === 'function') text = `function ${value.name || '(anonymous)'}`
  else if (typeof value !== 'object' || value === null) text = String(value)
  else if (typeof (value as Error).message === 'string' && 'stack' in value) {
    const { code, message } = value as Error & { code?: unknown }
    text = typeof code === 'string' ? `${code}: ${message}` : message
  } else if (typeof Event === 'function' && value instanceof Event) {
    const at = value.target as Element | null
    const src = at && 'getAttribute' in at ? at.getAttribute('src') || at.getAttribute('href') : ''
    text = `${value.type} event${at && 'tagName' in at ? ` on <${at.tagName.toLowerCase()}${src ? ` ${src}` : ''}>` : ''}`
  } else {
    try {
      text = JSON.stringify(value) ?? String(value)
    } catch {
      text = String(value)
    }
  }
  return text.length > 500 ? `${text.slice(0, 499)}…` : text
}
