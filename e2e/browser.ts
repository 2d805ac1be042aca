import { existsSync } from 'node:fs'

/**
 * The Chromium the tests drive: `CHROMIUM_PATH` (or `PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH`) when
 * set, else Debian's `/usr/bin/chromium`, else Playwright's own download (if one was installed).
 */
export function chromiumExecutable(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH || process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH
  if (fromEnv) return fromEnv
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium'
  return undefined
}

/** Flags for a headless Chromium on a machine with no network and no sandbox privileges. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  // The `focus-without-user-activation` permissions policy the host sets on widget frames. In
  // Chromium 156 it is behind this switch, or an origin trial token on the panel's pages: on, it
  // is what a panel with the token gets (see SECURITY.md, focus theft).
  '--enable-blink-features=BlockingFocusWithoutUserActivation',
]
