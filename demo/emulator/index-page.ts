// The emulator's front door: `GET /` answers a small page saying what this is, which widgets are
// registered (keys and URLs) and where the webhook log is, so the URL the dev command prints
// never answers 404.

import type { AppConfig, Localized } from '../shared/config-types.js'

const html = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  )

const english = (text: Localized) => (typeof text === 'string' ? text : text.en)

/** No script, no inline style: the page is text and links. */
export const INDEX_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

export function indexPage(origin: string, apps: AppConfig[], panelOrigin?: string): string {
  const rows = apps
    .map(
      (app) => `<tr>
  <td><code>${html(app.app_key)}</code><br>${html(english(app.name))}</td>
  <td><code>${html(app.app_id)}</code></td>
  <td><code>${html(app.developer_key)}</code></td>
  <td><a href="${html(app.url)}">${html(app.url)}</a></td>
  <td><code>POST ${html(origin)}/api/v1/apps/${html(encodeURIComponent(app.app_key))}/oauth/access_token</code></td>
  <td>${app.webhook_url ? `<code>${html(app.webhook_url)}</code>` : 'not sent'}</td>
</tr>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Platform emulator</title>
</head>
<body>
<h1>Platform emulator</h1>
<p>A local stand-in for the platform's open APIs, for widget development: every operation of
the open APIs (token exchange, scheduling, clinic, profile, chat, accounts, prescription catalog,
SMS, bot messaging, widget channels, monetization, installations) and signed webhooks.
State lives in memory, seeded from fixtures; a restart starts over. Nothing here is the real
platform, and nothing leaves this machine.</p>
<p>${
    panelOrigin
      ? `The demo panel: <a href="${html(panelOrigin)}/panel">${html(panelOrigin)}/panel</a>.
`
      : ''
  }Webhooks sent so far: <a href="/webhooks">/webhooks</a> (JSON).
Every operation, with its parameters, bodies, answers and errors:
<a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p>
<p>Tests steer this emulator through its control API, <code>${html(origin)}/control/v1</code>
(sandboxes, reset, session tokens, payments, SMS, scenarios), from a program only: a browser's
request is refused. Its description: <code>curl ${html(origin)}/control/v1/openapi.json</code>.</p>
<h2>Registered widgets</h2>
<p>Developer keys and webhook secrets belong on your widget's backend, never in a page.</p>
<table>
<thead><tr><th>app_key</th><th>app_id</th><th>Developer key (x-api-key)</th><th>Widget URL</th><th>Token exchange</th><th>Webhook URL</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</body>
</html>
`
}
