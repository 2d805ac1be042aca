import { existsSync } from 'node:fs'
import type { LaunchOptions } from '@playwright/test'

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
]

/**
 * Playwright 1.65's `--disable-features` default (`chromiumSwitches.ts`), as it passes it:
 * `ignoreDefaultArgs` drops a switch only when the whole string matches. A Playwright that
 * changes the list no longer matches, and `e2e/browser-defaults.spec.ts` fails.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
]

/**
 * Playwright's default switches that change what a doctor's Chromium does for a page, dropped so
 * the tests see the browser as shipped: the popup blocker, third-party storage partitioning
 * (inside the features list), the back/forward cache, the navigation rate limit
 * (`--disable-ipc-flooding-protection`), and the throttling of background tabs' timers and
 * renderers. What Playwright sets besides these is kept: switches for a machine with no
 * network and no user (updates, sign-in, first run, crash reports, extensions), and the headless
 * ones (`--hide-scrollbars`, a fine pointer that can hover, `--force-color-profile=srgb`,
 * `--allow-pre-commit-input`), which change rendering or input timing, not what a page may do.
 * DEVELOPERS.md (Browsers) lists each.
 */
export const CHROMIUM_DEFAULTS_UNDONE = [
  '--disable-popup-blocking',
  `--disable-features=${PLAYWRIGHT_DISABLED_FEATURES.join(',')}`,
  '--disable-back-forward-cache',
  '--disable-ipc-flooding-protection',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
]

/**
 * Features Playwright switches off that stay off: none changes what the panel or a widget can
 * do. `HttpsUpgrades` may move the test servers' plain-HTTP navigations to HTTPS (the panel is
 * HTTPS in production, where it changes nothing); `AvoidCorsURLLoaderRestartOnRedirect` breaks
 * cross-origin redirects under request interception; the rest are startup network calls and
 * browser UI.
 */
const KEPT_DISABLED_FEATURES = PLAYWRIGHT_DISABLED_FEATURES.filter(
  (feature) => feature !== 'ThirdPartyStoragePartitioning',
)

/**
 * How every Playwright-driven Chromium here is launched: Playwright's defaults minus
 * {@link CHROMIUM_DEFAULTS_UNDONE}, plus {@link CHROMIUM_ARGS}.
 */
export function chromiumLaunchOptions(): LaunchOptions {
  return {
    executablePath: chromiumExecutable(),
    args: [...CHROMIUM_ARGS, `--disable-features=${KEPT_DISABLED_FEATURES.join(',')}`],
    ignoreDefaultArgs: CHROMIUM_DEFAULTS_UNDONE,
  }
}
