// One entry of the emulator's platform-call log, as the `logs` command and the panel's inspector
// read it (the log itself is demo/emulator/call-log.ts).

/** One call a widget backend made to the emulator's open APIs. */
export interface PlatformCall {
  /** Increasing from 1; `after` reads the entries after one. */
  id: number
  /** ISO time the call came in. */
  at: string
  /** The widget it was made for, when the emulator could tell (token, path or key). */
  app_key: string | null
  method: string
  /** Path and query, as sent. */
  path: string
  status: number
  duration_ms: number
  request: {
    /** Only the headers that tell who called and how; credentials masked. */
    headers: Record<string, string>
    body: string | null
    truncated?: true
  }
  response: { body: string | null; truncated?: true }
  /**
   * What the call came from: `session` a fingerprint (SHA-256, 16 hex digits) of the session token
   * exchanged (the exchange itself, or a Bearer call with its access token); `receipt` a receipt
   * id the call names. The panel computes the same fingerprint of a `getSessionToken` answer.
   */
  links: { session?: string; receipt?: string }
}
