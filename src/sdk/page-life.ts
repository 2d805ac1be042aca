import { TIMEOUTS } from '../events/index.js'
import type { Bridge } from './bridge.js'
import { observeHeight } from './resize.js'

/**
 * Follows the widget's page once `initialize` answered, over `bridge`; returns the undos. Leaving
 * the page (reload, navigation, or into the back/forward cache) says bye, so the host closes this
 * widget's dialogs without charging and forgets its initialize. Back from the back/forward cache,
 * the host forgot this widget: `restored` connects and initializes again, transparently; calls
 * made meanwhile wait for the new connection. The page's height is reported as it changes.
 */
export function followPage(win: Window, bridge: Bridge, restored: () => void): (() => void)[] {
  const bye = () => void bridge.call('bye', {}, TIMEOUTS.call).catch(() => {})
  const show = (event: PageTransitionEvent) => {
    if (event.persisted) restored()
  }
  // The page listeners in the next task, after `initialize` resolves: on a page still
  // loading, adding them took 0.1-1.2 ms (Chromium) that the widget's code would wait for.
  // The height observer starts now: a widget that asks for consent at load has its frame
  // hidden by the dialog, and one started after that did not report its height in time.
  const later = setTimeout(() => {
    win.addEventListener('pagehide', bye)
    win.addEventListener('pageshow', show)
  })
  return [
    () => clearTimeout(later),
    () => win.removeEventListener('pagehide', bye),
    () => win.removeEventListener('pageshow', show),
    observeHeight(win.document, (height) => {
      bridge.call('resize', { height }, TIMEOUTS.call).catch(() => {})
    }),
  ]
}
