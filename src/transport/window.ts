import type { Message, MessageHandler, Messenger } from 'penpal'

/** {@link windowMessenger}'s options; see it for what `lead`, `quiet` and `greeting` do. */
export interface WindowMessengerOptions {
  /**
   * The other side's window, read when a message comes or goes: the iframe's `contentWindow`, or
   * the widget's `window.parent`. A getter: reading a cross-site iframe's `contentWindow` as it is
   * inserted blocks the panel (fifty frames: about 3 s more), and nothing needs it until the
   * widget's `SYN`.
   */
  remote: () => Window | null
  /** The origins the other side may have, exactly; never `'*'`. */
  origins: string[]
  /** This side's window, whose `message` events are read. */
  self: Window
  /** This side always leads penpal's handshake (the host). */
  lead?: boolean
  /** Leading: called as `ACK1` goes out, its value sent with it; else called with `ACK1`'s. */
  greeting?: (received?: unknown) => unknown
  /** Leading: post no `SYN` of its own before the remote's. */
  quiet?: boolean
}

/**
 * penpal's `Messenger` between two windows, the same for both sides of the bridge (the SDK in the
 * widget's iframe, the host in the panel). It replaces penpal's `WindowMessenger`, whose penpal 6
 * compatibility layer switched framing on an unchecked message and posted the handshake to `'*'`.
 *
 * - Posts only to exact origins, never to `'*'`: the `SYN` to each of `origins` until one
 *   answers, everything after it to that origin alone.
 * - On every window message, checks the origin (one of `origins`, exactly), then `event.source`
 *   (the remote window), then penpal's own check; only `SYN`, and `ACK1` with a port, travel
 *   through the window. No penpal 6 framing, in either direction.
 * - Whoever sends `ACK1` makes a `MessageChannel` and sends one end with it; `ACK2`, the calls,
 *   the replies and `DESTROY` then go through that port.
 * - With `lead`, this side always leads penpal's handshake (penpal picks the leader by comparing
 *   participant ids, so the ids are prefixed on the wire, `~` sorting after and `!` before every
 *   UUID): the host leads, so the widget's first window round trip brings it the port, and its
 *   first call goes out at once. Leading, it sends no `SYN` in answer to the remote's: its
 *   `ACK1` follows at once and is all a side that never leads needs.
 * - `quiet` (leading only): this side posts no `SYN` of its own before the remote's. The host's
 *   first connection to a frame it just created is quiet: its opening `SYN` reached the frame's
 *   initial `about:blank` and every engine that says so logged a `postMessage` origin mismatch
 *   in the panel's console, for a message nobody could use (the widget's own `SYN` starts the
 *   handshake, and the leader answers it with `ACK1`). A connection the host restarts after the
 *   widget's `DESTROY` is not quiet: the frame holds the widget's page then, and a `SYN` the
 *   widget sent while the host was between connections would be lost without the host's.
 * - `greeting` folds the widget's `initialize` into the handshake: the leading side (the host)
 *   calls it as it sends `ACK1` and sends its answer with it, as `ACK1.greeting`; the other side
 *   (the SDK) calls it with the `greeting` of the `ACK1` it accepts, before penpal sees that
 *   `ACK1`. So when penpal's connection resolves, the widget already has what `initialize`
 *   answers, and its first window round trip is the whole handshake.
 *
 * @example
 * const messenger = windowMessenger({
 *   remote: () => iframe.contentWindow,
 *   origins: ['https://widget.example'],
 *   self: window,
 *   lead: true,
 * })
 * connect({ messenger, methods })
 */
export function windowMessenger({
  remote,
  origins,
  self,
  lead,
  greeting,
  quiet,
}: WindowMessengerOptions): Messenger {
  const handlers = new Set<MessageHandler>()
  let valid: (data: unknown) => data is Message
  /** The remote's origin, from the last accepted `SYN` (or the first `ACK1`, when none came). */
  let origin: string | undefined
  let port: MessagePort | undefined

  const deliver = (message: Message) => {
    for (const handler of handlers) handler(message)
  }
  const onPort = ({ data }: MessageEvent) => {
    if (valid(data)) deliver(data)
  }
  const use = (next?: MessagePort) => {
    port?.close()
    port = next
    if (next) next.onmessage = onPort
  }
  const onWindow = ({ source, origin: from, data, ports }: MessageEvent) => {
    // The origin first: it is a string compare, where the window is read from the frame.
    if (!origins.includes(from) || source !== remote() || !valid(data)) return
    if (data.type === 'SYN') {
      origin = from
      deliver(lead ? { ...data, participantId: `!${data.participantId}` } : data)
    } else if (data.type === 'ACK1' && (origin ?? from) === from && ports[0]) {
      // The remote's first message may be this ACK1: a leader does not answer a SYN with one,
      // and its opening SYN went to the frame before this page was in it.
      origin = from
      use(ports[0])
      greeting?.((data as { greeting?: unknown }).greeting)
      deliver(data)
    }
  }

  return {
    initialize(options) {
      valid = options.validateReceivedMessage
      self.addEventListener('message', onWindow)
    },
    sendMessage(message, transfer) {
      if (message.type === 'SYN') {
        // Leading, and answering the remote's SYN: ACK1 follows at once and is all the other
        // side needs (it never leads), so this SYN would only cost it a task and a reply. Quiet,
        // and the remote has not spoken: there may be no page of its origin to post to yet.
        if (lead && (origin || quiet)) return
        const syn = lead ? { ...message, participantId: `~${message.participantId}` } : message
        for (const to of origin ? [origin] : origins) remote()?.postMessage(syn, to)
      } else if (message.type === 'ACK1') {
        const channel = new MessageChannel()
        use(channel.port1)
        // penpal sends no transferables with its handshake messages: the port is the only one.
        remote()?.postMessage({ ...message, greeting: greeting?.() }, origin!, [channel.port2])
      } else port?.postMessage(message, transfer!)
    },
    addMessageHandler: (handler) => handlers.add(handler),
    removeMessageHandler: (handler) => handlers.delete(handler),
    destroy() {
      self.removeEventListener('message', onWindow)
      use()
      handlers.clear()
    },
  }
}
