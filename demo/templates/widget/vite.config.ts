import { defineConfig } from 'vitest/config'
import config from './platform.config.json' with { type: 'json' }

// Where platform.config.json registers the page (`url`) and the backend (`webhook_url`): the
// panel frames that URL, so Vite must serve exactly there.
const page = new URL(config.apps[0]!.url)
const backend = new URL(config.apps[0]!.webhook_url).origin

export default defineConfig({
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
