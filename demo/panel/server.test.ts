// @vitest-environment node
// The demo panel's `/_/{app_key}/{rest}` route: a widget's own page in the doctor panel.
import { describe, expect, it } from 'vitest'
import { loadFixtures } from '../emulator/state.js'
import { portsFrom, sampleApps, sampleOrigins } from '../lib/config.js'
import { memorySecretStore } from '../lib/secrets.js'
import { createPanel } from './server.js'

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
    '/_/demo-doctor/a/b.html',
  ])('%s is the doctor panel page, framed by nobody', async (path) => {
    const res = await get(path)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('/app/doctor.js')
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })

  it.each([
    ['a widget the panel does not know', '/_/nobody/launcher/'],
    ['a widget of another page (the booking flow)', '/_/demo-booking/'],
  ])('%s is the not-found page', async (_, path) => {
    const res = await get(path)
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('/app/doctor.js')
  })
})
