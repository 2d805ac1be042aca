// Shared by the control webhook tests and the dev command's tests: the control webhook router
// over an emulator state of its own, on a small app, as the control app mounts it (under
// /control/v1, errors answered as app.ts answers them). Not a test file itself.

import { OpenAPIHono } from '@hono/zod-openapi'
import { memorySecretStore } from '../../lib/secrets.js'
import { ApiError, type Env, type Kit } from '../api/kit.js'
import { createState, loadFixtures, type ReceiptKind } from '../state.js'
import { createTokenSigner } from '../tokens.js'
import type { AppConfig } from '../types.js'
import { createWebhookSender, type WebhookOptions } from '../webhooks.js'
import { controlWebhooksRouter } from './webhooks.js'

export const fixtures = loadFixtures()
const secrets = memorySecretStore()
/** The fixture widgets, with secrets of the tests' own and webhook URLs on this machine. */
export const apps: AppConfig[] = fixtures.apps.map(({ path, ...app }) => ({
  products: [],
  plans: [],
  ...app,
  ...secrets.get(app.app_key),
  url: `http://localhost:4401${path}`,
  webhook_url: `http://localhost:4401/api/webhooks/${app.app_key}`,
}))

export function controlTestApp(options: { apps?: AppConfig[]; webhooks?: WebhookOptions } = {}) {
  const registered = options.apps ?? apps
  const now = () => Date.now()
  let state = createState(fixtures, registered, now())
  const webhooks = createWebhookSender(() => state.webhooks, now, options.webhooks)
  let counter = 0
  const kit: Kit = {
    get state() {
      return state
    },
    now,
    tokens: createTokenSigner(now),
    ttl: () => fixtures.tokens,
    emit: (app, type, data) => webhooks.send(app, type, data),
    reset: () => {
      state = createState(fixtures, registered, now())
    },
    receiptId: (kind: ReceiptKind) =>
      `${kind === 'doctor-service' ? 'dsrv' : kind}_${(++counter).toString().padStart(4, '0')}_test`,
    panelOrigin: 'http://127.0.0.1:4400',
  }
  const app = new OpenAPIHono<Env>()
  app.onError((error) => {
    const [status, body] =
      error instanceof ApiError
        ? [error.status, { error: error.code, message: error.message, ...error.extra }]
        : [500, { error: 'INTERNAL_ERROR', message: error.message }]
    return Response.json(body, { status })
  })
  app.route('/control/v1', controlWebhooksRouter(kit))
  app.doc31('/control/v1/openapi.json', { openapi: '3.1.0', info: { title: 'test', version: '0' } })
  return { app, kit, webhooks }
}
