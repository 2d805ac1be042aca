// One widget on a page: a loading state until `ready` settles, then the widget, or a view that
// says why it is not there (the `reason` of `WIDGET_UNAVAILABLE`) with a way to try again.

import { type Host, type MountOptions, PlatformError } from 'platform-widget-sdk/host'
import { h, word } from './dom.js'

/**
 * Mounts `app_key` in a new element at the end of `parent` and returns its unmount. `mount`
 * throws `INVALID_ARGUMENT` for a page the widget does not register: then undefined (not found).
 */
export function widgetSlot(
  parent: HTMLElement,
  host: Host,
  app_key: string,
  options: MountOptions = {},
): { unmount: () => void } | undefined {
  const element = h('section', { class: options.fill ? 'widget fill' : 'widget' })
  parent.append(element)
  const frame = h('div', { class: 'frame' })
  element.append(frame)
  let unmount = () => {}
  const start = () => {
    const loading = word('loading', 'p', { class: 'loading', role: 'status' })
    element.dataset.state = 'loading'
    element.replaceChildren(loading, frame)
    const widget = host.mount(frame, app_key, options)
    unmount = () => widget.unmount()
    widget.ready.then(
      () => {
        loading.remove()
        element.dataset.state = 'ready'
      },
      (error: unknown) => {
        // CONNECTION_CLOSED: the panel unmounted it first (another route); nothing to show.
        if (!(error instanceof PlatformError) || error.code !== 'WIDGET_UNAVAILABLE') return
        widget.unmount()
        element.dataset.state = 'unavailable'
        element.dataset.reason = error.reason ?? ''
        const retry = word('retry', 'button', { type: 'button' })
        retry.addEventListener('click', start)
        element.replaceChildren(
          h(
            'div',
            { class: 'unavailable', role: 'alert' },
            word('unavailable', 'h2'),
            h(
              'p',
              {},
              word(`why.${error.reason ?? 'no-handshake'}`),
              ' ',
              h('bdi', {}, error.detail ?? ''),
            ),
            retry,
          ),
        )
      },
    )
  }
  try {
    start()
  } catch (error) {
    element.remove()
    if (error instanceof PlatformError && error.code === 'INVALID_ARGUMENT') return undefined
    throw error
  }
  return { unmount: () => unmount() }
}
