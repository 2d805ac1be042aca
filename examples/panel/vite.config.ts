// `npx vite` in this folder, beside `npx platform-widget-dev dev --panel-origin http://localhost:5173`.
// PLATFORM: the dev platform's panel (default its default port); PORT: this panel's port.
import { defineConfig } from 'vite'
import { panelServer } from './server.js'

const port = Number(process.env.PORT ?? 5173)
// localhost: another site than the dev panel's 127.0.0.1, as a panel and the platform are.
const origin = `http://localhost:${port}`
const platform = process.env.PLATFORM ?? 'http://127.0.0.1:4400'

export default defineConfig({
  root: import.meta.dirname,
  server: { host: '127.0.0.1', port, strictPort: true, allowedHosts: ['localhost'] },
  // The page awaits its widgets' list at the top level.
  build: { target: 'es2022' },
  plugins: [panelServer({ platform, origin })],
})
