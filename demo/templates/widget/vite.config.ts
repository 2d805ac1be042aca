import { defineConfig } from 'vitest/config'

export default defineConfig({
  server: {
    // The URL platform.config.json registers: another port would not be the widget the panel shows.
    port: 5173,
    strictPort: true,
    // The page calls its backend as /api/… on its own origin: no CORS to set up.
    proxy: { '/api': 'http://127.0.0.1:8787' },
  },
  test: {
    // Node for the backend's tests; src/*.test.ts ask for happy-dom in their first line.
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
  },
})
