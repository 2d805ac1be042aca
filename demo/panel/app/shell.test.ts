// The demo panel's chrome shows the names the host shows: one cleaning, the
// host's own `withoutBidi`, exported from the `./host` entry the pages load.

import { withoutBidi } from 'platform-widget-sdk/host'
import { describe, expect, it } from 'vitest'
import { cleanNames, localize, type PageConfig, registrations } from './shell.js'

const app = (name: PageConfig['apps'][number]['name']): PageConfig['apps'][number] => ({
  app_key: 'evil',
  url: 'http://localhost:5173/',
  name,
  contexts: ['doctor-panel'],
  scopes: [],
  products: [],
  plans: [],
})

describe("the demo panel's widget names", () => {
  it('lose their bidi controls in every locale, as in the dialogs', () => {
    const config: PageConfig = {
      emulator: 'http://127.0.0.1:4402',
      users: { doctor: 'dr-1', patient: 'pt-1' },
      apps: [
        app('\u202elanigiro\u202c'),
        app({ fa: '\u2067ویجت\u2069 \u202bx', en: 'Pay \u202e0 slaiR\u202c now' }),
      ],
    }
    const clean = cleanNames(config, withoutBidi)
    expect(clean.apps.map((a) => localize(a.name, 'en'))).toEqual(['lanigiro', 'Pay 0 slaiR now'])
    expect(localize(clean.apps[1]!.name, 'fa')).toBe('ویجت x')
    // What the sidebar, heading and title show is what the host registers and shows, in each
    // language (the host is given both, and follows `setLocale`).
    const registered = registrations(clean, 'doctor-panel', 'en').map((r) => r.name)
    expect(registered.map((name) => localize(name, 'en'))).toEqual(['lanigiro', 'Pay 0 slaiR now'])
    expect(localize(registered[1]!, 'fa')).toBe('ویجت x')
    for (const a of clean.apps) {
      expect(JSON.stringify(a.name)).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/)
    }
    // The config it came from is left as it was.
    expect(config.apps[0]!.name).toBe('\u202elanigiro\u202c')
  })
})
