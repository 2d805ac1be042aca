import type { Message, Messenger } from 'penpal'

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
