/**
 * The wire: what the SDK and the host use to talk to each other, and nothing a widget needs. Not
 * published: the `./events` entry (`index.ts`) is the contract, and this module is imported by
 * relative path from `src/sdk`, `src/host` and their tests. It may change in any release, as long
 * as both sides change together (they ship together).
 */
import type { SerializedError } from './errors.js'
import type { InitializeInfo } from './protocol.js'

// Kept beside what they serve, and re-exported here so the two sides find the wire in one place.
export type { SerializedError } from './errors.js'
export { deserializeError, invalid, serializeError } from './errors.js'
export { emitEach } from './listeners.js'
export type { InitializeRequest, NavigationOutcome, ProfileRequest } from './protocol.js'
export { HOST_TIMEOUTS } from './protocol.js'
export { tokenTimeout } from './token.js'
export { validateEmpty } from './validate.js'

/**
 * The platform's sign-in page for a widget's top-level page, on the origin that serves
 * `platform.js`; its renewal endpoint is `${SIGN_IN_PATH}/renew`. The host refuses to redirect a
 * panel there.
 */
export const SIGN_IN_PATH = '/signin'

/** The SDK protocol version sent in `initialize`; the host refuses versions it does not know. */
export const PROTOCOL_VERSION = 1

/**
 * What the host sends with its handshake's `ACK1`: the answer to `initialize`, keyed by protocol
 * version (so a later host can greet SDKs of several versions at once). An SDK that finds its
 * version and its `app_key` there resolves `initialize` without a round trip; otherwise it calls
 * `initialize`.
 */
export type Greeting = { [version: number]: InitializeInfo | undefined }

/**
 * The one method the SDK offers the host: the panel's new look (`PanelLook`), which the SDK
 * emits as `PLATFORM_LOOK_CHANGED` and answers with nothing. An SDK without it (an older one)
 * does not answer, and the host's call times out quietly.
 */
export const LOOK_METHOD = 'look'

/** A host answer: errors travel as plain data and are rebuilt as PlatformError by the SDK. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: SerializedError }
