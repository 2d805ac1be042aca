import { beforeEach, describe, expect, it } from 'vitest'
import { bearer, type Harness, harness } from '../test-harness.js'

let h: Harness
let auth: { headers: Record<string, string> }
beforeEach(async () => {
  h = harness()
  auth = { headers: bearer(await h.token(['provider.profile.read', 'provider.profile.write'])) }
})
const path = '/open-platform/v1/profile/information'

describe('profile information', () => {
  it("reads the provider's profile, with its centers", async () => {
    const res = await h.call('GET', path, auth)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id: 'dr-1',
      latin_name: 'Sara Ahmadi',
      expertise: 'متخصص قلب و عروق',
      medical_code: '123456',
      rating: 4.8,
    })
    expect(res.body.centers.map((c: { id: string }) => c.id)).toEqual(['c-101', 'c-102'])
  })

  it('PATCH changes the fields given and keeps the others', async () => {
    const res = await h.call('PATCH', path, { ...auth, json: { biography: 'New biography' } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ biography: 'New biography', expertise: 'متخصص قلب و عروق' })
    expect((await h.call('GET', path, auth)).body.biography).toBe('New biography')
  })

  it('PUT replaces every editable field and needs them all', async () => {
    const json = { title: 'Prof.', expertise: 'Cardiology', biography: '' }
    const res = await h.call('PUT', path, { ...auth, json })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject(json)
    const partial = await h.call('PUT', path, { ...auth, json: { title: 'Dr.' } })
    expect(partial.status).toBe(400)
  })

  it.each([
    ['an empty body', {}],
    ['a field that is not editable', { rating: 5 }],
    ['an empty expertise', { expertise: ' ' }],
  ])('PATCH refuses %s with 400', async (_, json) => {
    const res = await h.call('PATCH', path, { ...auth, json })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('INVALID_INPUT')
  })

  it('editing needs provider.profile.write, reading only provider.profile.read', async () => {
    const readOnly = { headers: bearer(await h.token(['provider.profile.read'])) }
    expect((await h.call('GET', path, readOnly)).status).toBe(200)
    const res = await h.call('PATCH', path, { ...readOnly, json: { biography: 'x' } })
    expect(res.status).toBe(403)
    expect(res.body.required_scope).toBe('provider.profile.write')
  })

  it('is for providers: a patient gets 403 NOT_A_PROVIDER', async () => {
    const patient = { headers: bearer(await h.token(['provider.profile.read'], 'pt-1')) }
    const res = await h.call('GET', path, patient)
    expect(res.status).toBe(403)
    expect(res.body.error).toBe('NOT_A_PROVIDER')
  })
})

describe('purge-cache', () => {
  it("purges the caller's profile from the cache", async () => {
    const res = await h.call('POST', '/open-platform/v1/profile/purge-cache', auth)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, message: expect.stringContaining('dr-1') })
    expect(h.emulator.state.profilePurges.get('dr-1')).toBe(h.clock.now)
  })
})

describe('user information', () => {
  it('answers the signed-in user, patient or provider', async () => {
    const patient = { headers: bearer(await h.token(['user.profile.read'], 'pt-1')) }
    const res = await h.call('GET', '/v1/user/information', patient)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      id: 'pt-1',
      first_name: 'علی',
      last_name: 'رضایی',
      latin_name: 'Ali Rezaei',
      mobile: '09351234567',
      kind: 'patient',
    })
  })
})
