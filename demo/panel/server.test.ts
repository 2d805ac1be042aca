// The demo panel's `/_/{app_key}/{rest}` route: a widget's own page in the doctor panel.
import { describe, expect, it } from 'vitest'
import { loadFixtures } from '../emulator/state.js'
import { portsFrom, sampleApps, sampleOrigins } from '../lib/config.js'
import { memorySecretStore } from '../lib/secrets.js'
import { createPanel, hasPage } from './server.js'

const apps = sampleApps(loadFixtures(), sampleOrigins(portsFrom(4400)), memorySecretStore())
const panel = createPanel({
  panelOrigin: 'http://127.0.0.1:4400',
  emulatorOrigin: 'http://127.0.0.1:4402',
  apps,
  users: { doctor: 'dr-1', patient: 'pt-1' },
})
const get = (path: string) => panel.request(`http://127.0.0.1:4400${path}`)

describe("the panel's widget pages, /_/{app_key}/{rest}", () => {
  it.each([
    '/_/demo-doctor',
    '/_/demo-doctor/',
    '/_/demo-doctor/launcher/?direct=true',
    '/_/demo-doctor/launcher',
  ])('%s is the doctor panel page, framed by nobody', async (path) => {
    const res = await get(path)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('/app/doctor.js')
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })

  it.each([
    ['a widget the panel does not know', '/_/nobody/launcher/'],
    ['a widget of another page (the booking flow)', '/_/demo-booking/'],
    ['a page the widget does not register', '/_/demo-doctor/settings/'],
    ['a path below the URL of a widget with pages', '/_/demo-doctor/a/b.html'],
    ['its page with a parameter it does not take', '/_/demo-doctor/launcher/7'],
  ])('%s is the not-found page', async (_, path) => {
    const res = await get(path)
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('/app/doctor.js')
  })
})

describe('a page by key and parameter count (hasPage)', () => {
  const widget = {
    pages: [
      { key: 'launcher', embed_src: 'https://w.example/' },
      { key: 'visit', embed_src: 'https://w.example/v/{{id}}', parameters: ['id'] },
    ],
  }
  it.each([
    [[], true],
    [[''], true],
    [['launcher', ''], true],
    [['visit', '42'], true],
    [['visit'], false],
    [['visit', '1', '2'], false],
    [['settings'], false],
  ])('%j: %s', (segments, found) => {
    expect(hasPage(widget, segments)).toBe(found)
  })

  it('any path for a widget without pages (the host checks it)', () => {
    expect(hasPage({}, ['a', 'b.html'])).toBe(true)
    expect(hasPage({ pages: [] }, ['a'])).toBe(true)
  })
})
