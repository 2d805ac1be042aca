import type { WidgetRegistration } from '../../src/host/index.js'

/** The panel origin the SDK trusts in the unit tests. */
export const PANEL = 'https://panel.example'

/** Two registered widgets: `demo` (products and plans) and `other`. */
export const WIDGETS: WidgetRegistration[] = [
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
 * The same two widgets, with markup in every display string (it must render as text), and
 * `other` allowed one scope. The hostile suites use these.
 */
export const MARKUP_WIDGETS: WidgetRegistration[] = [
  {
    ...WIDGETS[0]!,
    name: 'Demo <img src=x onerror=alert(1)> widget',
    products: [{ key: 'pro', title: 'Pro <b onclick=alert(1)>plan</b>', price: 1_250_000 }],
    plans: [
      {
        key: 'monthly',
        title: 'Monthly <script>alert(1)</script>',
        price: 300_000,
        period: 'month',
      },
      { key: 'yearly', title: 'Yearly <iframe src=//evil>', price: 3_000_000, period: 'year' },
    ],
  },
  { ...WIDGETS[1]!, scopes: ['provider.profile.read'] },
]
