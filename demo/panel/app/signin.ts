// The platform's sign-in page for a widget's top-level page (`getSessionToken` outside the
// panel): the signed-in demo doctor answers the host's consent dialog, and the host sends the tab
// back to the widget's page with the answer in the fragment. A request the host refuses stays
// here: the host says why in the card, with a link back to the widget.
import { createHttpBackend } from './backend.js'
import { currentLocale, loadConfig, loadHost, registrations, setDocument } from './shell.js'

// The widget page's language when the request names it (the SDK sends its page's `lang`).
const asked = new URLSearchParams(location.search).get('locale')
const locale = asked === 'fa' || asked === 'en' ? asked : currentLocale()
setDocument(locale, locale === 'fa' ? 'ورود' : 'Sign in')
const card = document.getElementById('signin') ?? document.body
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
    container: card,
  })
} catch (error) {
  // Refused (the host shows why in the card), or framed (nothing to show to a framing page).
  if (!card.querySelector('[data-platform-signin]')) card.textContent = (error as Error).message
  document.body.dataset.ready = 'error'
}
