import { type Message, type Messenger, WindowMessenger } from 'penpal'

/**
 * A penpal `WindowMessenger` bound to one iframe and one origin, which also sends the handshake
 * SYN to that origin: penpal sends SYN to `'*'`, and this host sends nothing to `'*'`, ever.
 * penpal checks `event.source` (the iframe's window) before the origin on every message.
 */
export function iframeMessenger(remoteWindow: Window, origin: string): Messenger {
  const inner = new WindowMessenger({ remoteWindow, allowedOrigins: [origin] })
  // penpal 7.0.6 switches a messenger to its penpal-6 framing for good on a `{ penpal: … }`
  // message from the iframe's window before it checks the origin, so any page the iframe is
  // navigated to could break the widget's next handshake. Messages from this iframe that come
  // from another origin, or in penpal-6 framing, are stopped before penpal sees them: a capture
  // listener at the target runs before penpal's own.
  const guard = (event: MessageEvent) => {
    if (event.source !== remoteWindow) return
    const legacy = typeof event.data === 'object' && event.data !== null && 'penpal' in event.data
    if (event.origin !== origin || legacy) event.stopImmediatePropagation()
  }
  return {
    initialize: (options) => {
      window.addEventListener('message', guard, true)
      inner.initialize(options)
    },
    sendMessage: (message: Message, transferables?: Transferable[]) => {
      if (message.type === 'SYN') remoteWindow.postMessage(message, origin)
      else inner.sendMessage(message, transferables)
    },
    addMessageHandler: inner.addMessageHandler,
    removeMessageHandler: inner.removeMessageHandler,
    destroy: () => {
      window.removeEventListener('message', guard, true)
      inner.destroy()
    },
  }
}

/** Wraps a messenger so `watch` sees every message that passed the inner messenger's checks. */
export function watchedMessenger(inner: Messenger, watch: (message: Message) => void): Messenger {
  return {
    initialize: (options) => {
      inner.initialize(options)
      inner.addMessageHandler(watch)
    },
    sendMessage: (message, transferables) => inner.sendMessage(message, transferables),
    addMessageHandler: (handler) => inner.addMessageHandler(handler),
    removeMessageHandler: (handler) => inner.removeMessageHandler(handler),
    destroy: () => inner.destroy(),
  }
}
