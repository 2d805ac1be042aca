import { type Message, type Messenger, WindowMessenger } from 'penpal'

/**
 * A penpal `WindowMessenger` bound to one iframe and one origin, which also sends the handshake
 * SYN to that origin: penpal sends SYN to `'*'`, and this host sends nothing to `'*'`, ever.
 * penpal checks `event.source` (the iframe's window) before the origin on every message.
 */
export function iframeMessenger(remoteWindow: Window, origin: string): Messenger {
  const inner = new WindowMessenger({ remoteWindow, allowedOrigins: [origin] })
  return {
    initialize: inner.initialize,
    sendMessage: (message: Message, transferables?: Transferable[]) => {
      if (message.type === 'SYN') remoteWindow.postMessage(message, origin)
      else inner.sendMessage(message, transferables)
    },
    addMessageHandler: inner.addMessageHandler,
    removeMessageHandler: inner.removeMessageHandler,
    destroy: inner.destroy,
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
