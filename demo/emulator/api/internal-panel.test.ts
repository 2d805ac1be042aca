// The doctor panel's pages read appointments and patients from the emulator (/internal/users/…):
// what they show is what the open APIs list.
import { describe, expect, it } from 'vitest'
import { tehranDate } from '../calendar.js'
import { bearer, harness, PANEL, TODAY } from '../test-harness.js'

const DAY = 86_400

describe('the panel’s appointments and patients', () => {
  it('today’s appointments are those the open API lists for today at each of the doctor’s centers', async () => {
    const h = harness()
    const token = await h.token(['provider.appointment.read', 'provider.profile.read'])
    const centers = await h.call('GET', '/open-platform/v1/booking/medical-centers', {
      headers: bearer(token),
    })
    expect(centers.status).toBe(200)
    // Every day of the fortnight the seeds fill: the same ids, day by day.
    let seen = 0
    for (let day = 0; day < 14; day++) {
      const date = tehranDate(Math.floor(h.clock.now / 1000) + day * DAY)
      const open: string[] = []
      for (const center of centers.body.medical_centers as { id: string }[]) {
        const list = await h.call(
          'GET',
          `/open-platform/v1/booking/appointments?center_id=${center.id}&date=${date}`,
          { headers: bearer(token) },
        )
        open.push(...(list.body.appointments as { id: string }[]).map((a) => a.id))
      }
      const query = day === 0 ? '' : `?from=${date}`
      const panel = await h.call('GET', `/internal/users/dr-1/appointments${query}`)
      expect(panel.status).toBe(200)
      expect(panel.body).toMatchObject({ today: TODAY, from: date, to: date })
      expect(panel.body.appointments.map((a: { id: string }) => a.id).sort()).toEqual(open.sort())
      seen += open.length
    }
    // dr-1's three seeded appointments, each somewhere in the fortnight.
    expect(seen).toBe(3)
  })

  it('answers each appointment with its Tehran time, its patient and its center’s name', async () => {
    const h = harness()
    const all = await h.call('GET', `/internal/users/dr-1/appointments?from=${TODAY}&to=2023-11-29`)
    expect(all.status).toBe(200)
    expect(all.body.appointments).toHaveLength(3)
    for (const a of all.body.appointments) {
      expect(a).toMatchObject({
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        time: expect.stringMatching(/^\d{2}:\d{2}$/),
        patient: { full_name: expect.any(String) },
        center_name: expect.any(String),
      })
      expect(a.center_name).not.toBe('')
    }
    const starts = all.body.appointments.map((a: { from: number }) => a.from)
    expect(starts).toEqual([...starts].sort((x: number, y: number) => x - y))
  })

  it('follows the state: a cancelled appointment leaves the panel too', async () => {
    const h = harness()
    const before = await h.call(
      'GET',
      `/internal/users/dr-1/appointments?from=${TODAY}&to=2023-11-29`,
    )
    const [first] = before.body.appointments
    const token = await h.token(['provider.appointment.write'])
    const cancel = await h.call('DELETE', `/open-platform/v1/booking/appointments/${first.id}`, {
      headers: bearer(token),
    })
    expect(cancel.status).toBe(200)
    const after = await h.call(
      'GET',
      `/internal/users/dr-1/appointments?from=${TODAY}&to=2023-11-29`,
    )
    expect(after.body.appointments.map((a: { id: string }) => a.id)).not.toContain(first.id)
    expect(after.body.appointments).toHaveLength(before.body.appointments.length - 1)
  })

  it('lists the doctor’s patients once each, with their next or last visit', async () => {
    const h = harness()
    const res = await h.call('GET', '/internal/users/dr-1/patients')
    expect(res.status).toBe(200)
    const all = await h.call(
      'GET',
      `/internal/users/dr-1/appointments?from=2000-01-01&to=2100-01-01`,
    )
    const names = [
      ...new Set(
        all.body.appointments.map((a: { patient: { full_name: string } }) => a.patient.full_name),
      ),
    ]
    expect(res.body.patients.map((p: { full_name: string }) => p.full_name)).toEqual(names)
    // Seeded from today on: every one is still to come.
    for (const p of res.body.patients) {
      expect(p).toMatchObject({ appointments: 1, last_visit: null, next_visit: expect.any(String) })
    }
    // A week later they are all past.
    h.clock.now += 15 * DAY * 1000
    const later = await h.call('GET', '/internal/users/dr-1/patients')
    for (const p of later.body.patients) {
      expect(p).toMatchObject({ last_visit: expect.any(String), next_visit: null })
    }
  })

  it.each([
    ['/internal/users/pt-1/appointments', 403, 'NOT_A_PROVIDER'],
    ['/internal/users/pt-1/patients', 403, 'NOT_A_PROVIDER'],
    ['/internal/users/nobody/appointments', 404, 'NOT_FOUND'],
    ['/internal/users/dr-1/appointments?from=2023-13-01', 400, 'INVALID_INPUT'],
    ['/internal/users/dr-1/appointments?from=2023-11-20&to=2023-11-19', 400, 'INVALID_INPUT'],
  ])('%s: %i %s', async (path, status, error) => {
    const res = await harness().call('GET', path)
    expect(res).toMatchObject({ status, body: { error } })
  })

  it('answers the panel only', async () => {
    const h = harness()
    for (const path of ['/internal/users/dr-1/appointments', '/internal/users/dr-1/patients']) {
      const res = await h.call('GET', path, { headers: { origin: 'http://localhost:4401' } })
      expect(res).toMatchObject({ status: 403, body: { error: 'FORBIDDEN_ORIGIN' } })
      const ok = await h.call('GET', path, { headers: { origin: PANEL } })
      expect(ok.status).toBe(200)
    }
  })
})
