// The sample's page, its shared and own static files, and the samples' index, each under a
// Content-Security-Policy that lets only the panel frame them.

import path from 'node:path'
import { Hono } from 'hono'
import { page, serveFrom } from '../lib/http.js'
import { demoPath } from '../lib/paths.js'

const publicDir = demoPath('widgets', 'public')

/** Each sample page (the path of its app's URL), the folder of its files, and its panel page. */
export const PAGES: Record<string, { dir: string; panelPage: string }> = {
  '/doctor/': { dir: 'doctor', panelPage: '/panel' },
  '/booking-addon/': { dir: 'booking', panelPage: '/booking' },
  '/profile-widget/': { dir: 'profile', panelPage: '/profile' },
}

export interface PageOptions {
  panelOrigin: string
  /** Panels of your own (`--panel-origin`): they frame the page too, and its SDK trusts them. */
  panelOrigins?: readonly string[]
  app_key: string
  /** The sample page's path, a key of PAGES. */
  route: string
}

/** The sample's pages and files; another sample's are a 404 here. */
export function pageRoutes({ panelOrigin, panelOrigins = [], app_key, route }: PageOptions): Hono {
  const sample = PAGES[route]
  if (!sample) throw new Error(`No sample page at ${route} (${app_key})`)
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${panelOrigin}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    `frame-ancestors ${[panelOrigin, ...panelOrigins].join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ')
  const values = {
    PANEL: panelOrigin,
    // The SDK trusts the origin it is served from (the dev panel's) and these.
    TRUSTED: panelOrigins.join(' '),
    APP_KEY: app_key,
    PAGE: route,
    PANEL_PAGE: sample.panelPage,
  }
  const pages = new Hono()
  pages.get(route, (c) => page(c, path.join(publicDir, sample.dir, 'index.html'), values, csp))
  pages.get('/', (c) => page(c, path.join(publicDir, 'index.html'), values, csp))
  pages.get('/shared/*', (c) => serveFrom(c, path.join(publicDir, 'shared'), '/shared/'))
  pages.get(`/static/${sample.dir}/*`, (c) =>
    serveFrom(c, path.join(publicDir, sample.dir), `/static/${sample.dir}/`),
  )
  return pages
}
