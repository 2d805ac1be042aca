// Starts the backend on 127.0.0.1 (`npm run dev` runs it with `tsx watch`, which restarts it on
// every change). Its settings come from the environment; `npm run dev` sets them for you.
import { serve } from '@hono/node-server'
import config from '../platform.config.json' with { type: 'json' }
import { createApp } from './app'

function required(name: string): string {
  const value = process.env[name]
  if (!value) {
    console.error(`Set ${name} (npm run dev sets it from the dev platform)`)
    process.exit(1)
  }
  return value
}

// The port of the webhook URL platform.config.json registers (Vite forwards /api there too).
const port = Number(new URL(config.apps[0]!.webhook_url).port)
const app = createApp({
  appKey: config.apps[0]!.app_key,
  apiKey: required('PLATFORM_API_KEY'),
  webhookSecret: required('PLATFORM_WEBHOOK_SECRET'),
  platformUrl: required('PLATFORM_URL'),
  onWebhook(event) {
    // Record what the event changes here; `data` is typed once `type` is checked.
    if (event.type === 'payment.succeeded') console.log(`webhook: paid ${event.data.receipt_id}`)
    else console.log(`webhook: ${event.type}`)
  },
})
serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => {
  console.log(`backend: http://127.0.0.1:${port}`)
})
