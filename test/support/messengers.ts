import type { Message, MessageHandler, Messenger } from 'penpal'

/**
 * A messenger over one end of a MessageChannel that, unlike penpal's `PortMessenger`, leaves the
 * port open when its connection is destroyed. A widget page that failed to initialize retries
 * over the same window in a browser; this lets it retry over the same channel here.
 */
export class ReusablePortMessenger implements Messenger {
  readonly #port: MessagePort
  #valid: ((data: unknown) => data is Message) | undefined
  readonly #handlers = new Set<MessageHandler>()

  constructor(port: MessagePort) {
    this.#port = port
  }

  readonly #onMessage = (event: MessageEvent) => {
    if (!this.#valid?.(event.data)) return
    for (const handler of [...this.#handlers]) handler(event.data)
  }

  initialize: Messenger['initialize'] = ({ validateReceivedMessage }) => {
    this.#valid = validateReceivedMessage
    this.#port.addEventListener('message', this.#onMessage as EventListener)
    this.#port.start()
  }

  sendMessage: Messenger['sendMessage'] = (message, transferables) => {
    this.#port.postMessage(message, { transfer: transferables ?? [] })
  }

  addMessageHandler = (handler: MessageHandler) => {
    this.#handlers.add(handler)
  }

  removeMessageHandler = (handler: MessageHandler) => {
    this.#handlers.delete(handler)
  }

  destroy = () => {
    this.#port.removeEventListener('message', this.#onMessage as EventListener)
    this.#handlers.clear()
  }
}

/** Wraps a messenger so `tap` sees every message the other side sent through it. */
export function tapped(inner: Messenger, tap: (message: Message) => void): Messenger {
  return {
    initialize: (options) => {
      inner.initialize(options)
      inner.addMessageHandler(tap)
    },
    sendMessage: (message, transferables) => inner.sendMessage(message, transferables),
    addMessageHandler: (handler) => inner.addMessageHandler(handler),
    removeMessageHandler: (handler) => inner.removeMessageHandler(handler),
    destroy: () => inner.destroy(),
  }
}
