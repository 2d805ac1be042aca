import { defineConfig } from 'vitest/config'
import config from './platform.config.json' with { type: 'json' }

// Every port comes from platform.config.json (`npm run dev -- --port N` moves them all there):
// the panel frames the page at `url`, so Vite serves exactly there; the backend listens at
// `webhook_url`'s port; index.html loads the SDK from the dev panel at `ports.panel`.
const page = new URL(config.apps[0]!.url)
const backend = new URL(config.apps[0]!.webhook_url).origin
/** The SDK's script (index.html's `%PLATFORM_SCRIPT_URL%`); PLATFORM_SCRIPT_URL sets the platform's own. */
const script =
  process.env.PLATFORM_SCRIPT_URL ?? `http://127.0.0.1:${config.ports.panel}/dist/platform.js`

export default defineConfig({
  plugins: [
    {
      name: 'platform-script',
      transformIndexHtml: {
        order: 'pre',
        handler: (html) => html.replaceAll('%PLATFORM_SCRIPT_URL%', script),
      },
    },
  ],
  server: {
    port: Number(page.port),
    strictPort: true,
    // The page calls its backend as /api/… on its own origin: no CORS to set up.
    proxy: { '/api': backend },
  },
  test: {
    // Node for the backend's tests; src/*.test.ts ask for happy-dom in their first line.
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
  },
})
