// The bridge inspector's elements and its clipboard: no state, no listeners but the copy's.

import type { WidgetRegistration } from 'platform-widget-sdk/host'
import { h, icon } from './dom.js'
import type { Locale, Strings } from './i18n.js'

/** Whether one of the host's dialogs is open (in its shadow root, in the top layer). */
export function hostDialogOpen(doc: Document = document): boolean {
  return [...doc.querySelectorAll('[data-platform-dialogs]')].some(
    (layer) => layer.shadowRoot?.querySelector('dialog[open]') != null,
  )
}

/** The toggle button, and the drawer's title and tools. Widget names are text. */
function controls(t: Strings['inspector'], widgets: WidgetRegistration[], locale: Locale) {
  return {
    toggle: h(
      'button',
      {
        type: 'button',
        class: 'inspector-toggle',
        'aria-expanded': 'false',
        'aria-controls': 'bridge-inspector',
        'aria-keyshortcuts': 'Alt+Shift+I',
      },
      icon('puzzle'),
      t.open,
    ),
    title: h('h2', { id: 'bridge-inspector-title', tabindex: -1 }, t.title),
    close: h('button', { type: 'button', class: 'inspector-close', 'aria-label': t.close }, '×'),
    select: h(
      'select',
      { id: 'bridge-inspector-widget' },
      ...widgets.map((w) =>
        h('option', { value: w.app_key }, typeof w.name === 'string' ? w.name : w.name[locale]),
      ),
    ),
    copy: h('button', { type: 'button', class: 'button primary', 'data-action': 'copy' }, t.copy),
    clear: h('button', { type: 'button', class: 'button ghost', 'data-action': 'clear' }, t.clear),
  }
}

/** The status line for "copied", the fallback text area, and the three lists. */
function outputs(t: Strings['inspector']) {
  return {
    status: h('p', { class: 'inspector-status', role: 'status', 'aria-live': 'polite' }),
    fallback: h('textarea', {
      class: 'inspector-source',
      readonly: true,
      'aria-label': t.source,
      hidden: true,
      rows: 8,
    }),
    calls: h('ol', { class: 'inspector-calls', 'aria-labelledby': 'bridge-inspector-calls' }),
    hooks: h('ol', { class: 'inspector-webhooks', 'aria-labelledby': 'bridge-inspector-hooks' }),
    platform: h('ol', {
      class: 'inspector-platform',
      'aria-labelledby': 'bridge-inspector-platform',
    }),
  }
}

/**
 * The toggle button and the drawer: a region labelled by its title, its tools, a status line for
 * "copied", the fallback text area, and the lists, in reading order.
 */
export function inspectorMarkup(
  t: Strings['inspector'],
  widgets: WidgetRegistration[],
  locale: Locale,
) {
  const { toggle, title, close, select, copy, clear } = controls(t, widgets, locale)
  const { status, fallback, calls, hooks, platform } = outputs(t)
  const drawer = h(
    'section',
    { id: 'bridge-inspector', class: 'inspector', 'aria-labelledby': title.id, hidden: true },
    h('div', { class: 'inspector-head' }, title, close),
    h(
      'div',
      { class: 'inspector-tools' },
      h('label', { for: select.id }, t.widget),
      select,
      copy,
      clear,
    ),
    h('p', { class: 'muted' }, t.hint),
    status,
    fallback,
    h('h3', { id: 'bridge-inspector-calls' }, t.calls),
    calls,
    h('h3', { id: 'bridge-inspector-hooks' }, t.webhooks),
    hooks,
    h('h3', { id: 'bridge-inspector-platform' }, t.platform),
    platform,
  )
  return {
    toggle,
    title,
    close,
    select,
    copy,
    clear,
    status,
    fallback,
    calls,
    hooks,
    platform,
    drawer,
  }
}

/**
 * Copies `text` with the Clipboard API; without it (no permission, an old browser), shows it in
 * `fallback`, selected, for the user to copy. Says which in `status` (a polite live region).
 */
export async function copyText(
  text: string,
  {
    status,
    fallback,
    t,
  }: { status: HTMLElement; fallback: HTMLTextAreaElement; t: Strings['inspector'] },
): Promise<void> {
  status.textContent = ''
  try {
    await navigator.clipboard.writeText(text)
    fallback.hidden = true
    status.textContent = t.copied
  } catch {
    fallback.hidden = false
    fallback.value = text
    // The user just clicked Copy: no host dialog is open unless one opened since; it keeps focus.
    if (!hostDialogOpen()) fallback.focus()
    fallback.select()
    status.textContent = t.copyFallback
  }
}
