import { invalid } from '../events/errors.js'
import type { WidgetRegistration } from '../host/index.js'
import { type Platform, SCOPES } from '../sdk/index.js'
import { scriptedUser } from './answers.js'
import { type ConfiguredWidget, widgetFromConfig } from './config.js'
import { connectWidget } from './connect-widget.js'
import { createMemoryBackend } from './memory-backend.js'
import { createTestPanel, TEST_PANEL_ORIGIN } from './panel.js'
import type { TestHost, TestHostOptions } from './test-host-types.js'

/**
 * A scriptable in-memory host for widget tests (vitest with happy-dom or jsdom). It runs the
 * real SDK over the real protocol, so a widget under test behaves as in the panel.
 *
 * @example
 * const kit = createTestHost({ context: 'doctor-panel', smsActive: true })
 * kit.next('payment', 'cancel')
 * await startWidget() // your code, using window.platform
 * expect(kit.redirects).toEqual([{ url: 'https://panel.test/settings', newContext: false }])
 */
export function createTestHost(options: TestHostOptions = {}): TestHost {
  const seams = options.seams ?? {}
  const file = configuredWidget(options)
  const app_key = options.app_key ?? file?.app_key ?? 'test-widget'
  const backend = options.backend ?? createMemoryBackend({ smsActive: options.smsActive ?? false })
  const user = scriptedUser(() => kit.defaultAnswer)
  const panel = createTestPanel({
    host: {
      ...options.host,
      context: options.context ?? file?.context ?? 'doctor-panel',
      locale: options.locale ?? 'en',
      ...(options.colorScheme && {
        theme: { ...options.host?.theme, colorScheme: options.colorScheme },
      }),
      widgets: options.widgets ?? [registration(options, file, app_key)],
      backend,
      ...(options.answerDialogs === false ? {} : { onDialog: user.onDialog }),
    },
    production: seams.production ?? false,
    ...(seams.tabs && { tabs: seams.tabs }),
  })
  const { host, redirects, links, flows } = panel
  const panelOrigin = new URL(options.host?.panelOrigin ?? TEST_PANEL_ORIGIN).origin
  const widget = connectWidget(host, app_key, panelOrigin, seams)
  const { platform, session } = widget

  const win = globalThis as unknown as { platform?: Platform }
  const install = options.install ?? true
  const previous = win.platform
  if (install) win.platform = platform

  const kit: TestHost = {
    platform,
    backend,
    host,
    session,
    next(kind, given) {
      const offered = options.host?.testOutcomes?.outcomes ?? []
      if (typeof given === 'object' && 'outcome' in given && !offered.includes(given.outcome)) {
        throw invalid(
          'answer',
          `the host offers no test outcome "${given.outcome}" (offered: ${offered.join(', ') || 'none; set host.testOutcomes'})`,
        )
      }
      user.queue(kind, given)
    },
    defaultAnswer: 'confirm',
    dialogs: user.dialogs,
    requestedScopes: widget.requestedScopes,
    redirects,
    links,
    flows,
    destroy() {
      widget.close(() => host.destroy())
      if (!install) return
      if (previous === undefined) delete win.platform
      else win.platform = previous
    },
  }
  return kit
}

/** The config's widget (`options.config`), as the dev panel registers it. */
function configuredWidget(options: TestHostOptions): ConfiguredWidget | undefined {
  const { config, app_key, locale = 'en' } = options
  return (
    config && widgetFromConfig(config, { ...(app_key === undefined ? {} : { app_key }), locale })
  )
}

/** The widget the kit registers: the options' fields, else the config's, else the defaults. */
function registration(
  options: TestHostOptions,
  file: ConfiguredWidget | undefined,
  app_key: string,
): WidgetRegistration {
  const products = options.products ?? file?.products
  const plans = options.plans ?? file?.plans
  return {
    app_key,
    url: 'https://widget.test/',
    name: options.name ?? file?.name ?? 'Test widget',
    scopes: options.scopes ?? file?.scopes ?? [...SCOPES],
    ...(products ? { products } : {}),
    ...(plans ? { plans } : {}),
  }
}
