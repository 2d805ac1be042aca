// The platform's sign-in page for a widget's top-level page (`getSessionToken` outside the
// panel): the signed-in demo doctor answers the host's consent dialog, and the host sends the tab
// back to the widget's registered origin with the answer in the fragment.
import { createHttpBackend } from './backend.js'
import { currentLocale, loadConfig, loadHost, registrations, setDocument } from './shell.js'

const locale = currentLocale()
const t = setDocument(locale, locale === 'fa' ? 'ورود' : 'Sign in')
const status = document.getElementById('signin-status')
const [config, host] = await Promise.all([loadConfig(), loadHost()])
// Every widget the platform knows, whatever page it is shown on (one registration each).
const widgets = [
  ...new Map(
    (['doctor-panel', 'doctor-profile', 'booking-flow'] as const)
      .flatMap((context) => registrations(config, context, locale))
      .map((w) => [w.app_key, w]),
  ).values(),
]
document.body.dataset.ready = 'true'
try {
  await host.runSignIn({
    widgets,
    backend: createHttpBackend({ emulator: config.emulator, user: config.users.doctor, locale }),
    locale,
  })
  if (status) status.textContent = '…'
} catch (error) {
  // No widget, return path or state to go back to (or the page is framed): say so, go nowhere.
  if (status) status.textContent = `${t.notFound}: ${(error as Error).message}`
  document.body.dataset.ready = 'error'
}
