import type { Messenger } from 'penpal'
import { type InitializeInfo, PlatformError } from '../events/index.js'
import { type Greeting, PROTOCOL_VERSION } from '../events/wire.js'
import { windowMessenger } from '../transport/window.js'
import { type Link, link } from './bridge.js'

/** What the link reads of the SDK's options (`PlatformOptions`). */
export interface ParentLinkOptions {
  /** The panel origins the SDK talks to. */
  trustedOrigins: string[]
  /** The test seam: the messenger to connect over; the embedding checks are then skipped. */
  messenger?: () => Messenger
}

/**
 * Checks the embedding and starts the handshake with the parent; throws NOT_EMBEDDED or
 * UNTRUSTED_HOST before anything is posted. `onLook` gets the host's `PLATFORM_LOOK_CHANGED` as
 * it came, `onGreeted` what its handshake (`ACK1`) says of `initialize` in this protocol version.
 */
export function connectParent(
  win: Window,
  options: ParentLinkOptions,
  onLook: (sent: unknown) => void,
  onGreeted: (info: InitializeInfo | undefined) => void,
): Link {
  if (options.messenger) return link(options.messenger(), onLook)
  if (win.parent === win) {
    throw new PlatformError('NOT_EMBEDDED', 'The widget page is not inside a panel iframe')
  }
  const trusted = options.trustedOrigins.filter((o) => o && o !== '*')
  const parentOrigin = win.location.ancestorOrigins?.[0]
  if (!trusted.length || (parentOrigin && !trusted.includes(parentOrigin))) {
    // Both origins and the fix: the script-tag SDK trusts the origin it was served from.
    throw new PlatformError(
      'UNTRUSTED_HOST',
      `The embedding page${parentOrigin ? ` (${parentOrigin})` : ''} is not a trusted panel origin; this SDK trusts ${trusted.join(', ') || 'none'}: load platform.js from the panel that embeds the widget`,
    )
  }
  // Where the browser names the parent's origin, the SYN goes there alone: one to another
  // trusted origin would only log an origin mismatch in the widget's console.
  return link(
    windowMessenger({
      remote: () => win.parent,
      origins: parentOrigin ? [parentOrigin] : trusted,
      self: win,
      greeting: (greeting) => {
        onGreeted((greeting as Greeting | undefined)?.[PROTOCOL_VERSION])
      },
    }),
    onLook,
  )
}
