import { beforeEach, describe, expect, it } from 'vitest'
import { DOCTOR, devKey, type Harness, harness, PROFILE } from '../test-harness.js'

let h: Harness
beforeEach(() => {
  h = harness()
})
const channels = (app = DOCTOR) => `/api/v1/apps/${app.app_key}/channels/`

describe('widget channels', () => {
  it('lists the profiles where the widget is active', async () => {
    const res = await h.call('GET', channels(PROFILE), { headers: devKey(PROFILE) })
    expect(res.status).toBe(200)
    expect(res.body.channels.map((c: { provider_id: string }) => c.provider_id)).toEqual([
      'dr-1',
      'dr-2',
    ])
    expect(res.body.channels[0]).toMatchObject({ enabled: true, placements: ['doctor-profile'] })
  })

  it('goes enabled, placements edited, then disabled, then 404', async () => {
    const headers = devKey()
    expect((await h.call('GET', `${channels()}dr-2`, { headers })).status).toBe(404)
    const enabled = await h.call('PUT', `${channels()}dr-2`, { headers })
    expect(enabled.status).toBe(200)
    // Without placements: the widget's registered contexts.
    expect(enabled.body).toMatchObject({
      provider_id: 'dr-2',
      enabled: true,
      placements: ['doctor-panel'],
    })
    const edited = await h.call('PUT', `${channels()}dr-2`, {
      headers,
      json: { placements: ['doctor-panel', 'doctor-profile'] },
    })
    expect(edited.body.placements).toEqual(['doctor-panel', 'doctor-profile'])
    expect(edited.body.enabled_at).toBe(enabled.body.enabled_at)
    const one = await h.call('GET', `${channels()}dr-2`, { headers })
    expect(one.body).toEqual(edited.body)
    const listed = await h.call('GET', channels(), { headers })
    expect(listed.body.channels.map((c: { provider_id: string }) => c.provider_id)).toEqual([
      'dr-1',
      'dr-2',
    ])

    const disabled = await h.call('DELETE', `${channels()}dr-2`, { headers })
    expect(disabled.status).toBe(200)
    expect(disabled.body).toMatchObject({ provider_id: 'dr-2', enabled: false, enabled_at: null })
    expect((await h.call('GET', `${channels()}dr-2`, { headers })).status).toBe(404)
    const again = await h.call('DELETE', `${channels()}dr-2`, { headers })
    expect(again.status).toBe(404)
    expect(again.body.error).toBe('CHANNEL_NOT_FOUND')
  })

  it('refuses a profile that is not a provider (404) and unknown placements (400)', async () => {
    const patient = await h.call('PUT', `${channels()}pt-1`, { headers: devKey() })
    expect(patient.status).toBe(404)
    expect(patient.body.error).toBe('PROVIDER_NOT_FOUND')
    const bad = await h.call('PUT', `${channels()}dr-2`, {
      headers: devKey(),
      json: { placements: ['sidebar'] },
    })
    expect(bad.status).toBe(400)
  })
})
