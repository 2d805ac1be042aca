import { PortMessenger } from 'penpal'
import { createHost, createMemoryBackend, type HostOptions } from '../src/host/index.js'
import { createPlatform } from '../src/sdk/index.js'

export const WIDGETS: HostOptions['widgets'] = [
  {
    app_key: 'demo',
    url: 'https://widget.example/app',
    name: 'Demo <b>widget</b>',
    scopes: ['provider.profile.read', 'provider.appointment.read'],
    products: [{ key: 'pro', title: 'Pro', price: 1_250_000 }],
    plans: [
      { key: 'monthly', title: 'Monthly', price: 300_000, period: 'month' },
      { key: 'yearly', title: 'Yearly', price: 3_000_000, period: 'year' },
    ],
  },
  { app_key: 'other', url: 'https://other.example/', name: 'Other', scopes: [] },
]

/**
 * A host and an SDK joined by a MessageChannel, in one happy-dom window: the real SDK over the
 * real protocol, without iframes.
 */
export function pair(options: Partial<HostOptions> = {}, app_key = 'demo') {
  const backend = createMemoryBackend()
  const host = createHost({
    context: 'doctor-panel',
    locale: 'en',
    widgets: WIDGETS,
    backend,
    ...options,
  })
  const { port1, port2 } = new MessageChannel()
  const heights: number[] = []
  const session = host.connect(app_key, () => new PortMessenger({ port: port1 }), {
    onResize: (h) => heights.push(h),
  })
  const platform = createPlatform({
    trustedOrigins: ['https://panel.example'],
    messenger: () => new PortMessenger({ port: port2 }),
    handshakeTimeout: 1000,
  })
  const dialog = () =>
    document.querySelector('[data-platform-dialogs]')?.shadowRoot?.querySelector('dialog') ?? null
  const button = (name: string) =>
    [...(dialog()?.querySelectorAll('button') ?? [])].find(
      (b) => b.textContent === name || b.getAttribute('aria-label') === name,
    ) as HTMLButtonElement | undefined
  const cleanup = () => {
    platform.destroy()
    host.destroy()
    port1.close()
    port2.close()
  }
  return { host, backend, platform, session, heights, dialog, button, cleanup }
}

/** Waits until `check` returns a truthy value (polls the event loop, 2 s at most). */
export async function until<T>(check: () => T, ms = 2000): Promise<NonNullable<T>> {
  const end = Date.now() + ms
  for (;;) {
    const value = check()
    if (value) return value as NonNullable<T>
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 5))
  }
}
