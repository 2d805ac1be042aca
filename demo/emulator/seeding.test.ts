// The seeded appointments are placed relative to the day the emulator starts; a demo that starts
// on any weekday, at any hour, shows some today (Tehran's day, as the platform counts days).
import { platformDay } from 'platform-widget-server'
import { describe, expect, it } from 'vitest'
import { bearer, harness } from './test-harness.js'

// A week from Saturday 2026-11-21 (Tehran's week starts on Saturday), each day at two hours:
// just after Tehran's midnight (still the day before in UTC) and late in the evening.
const WEEK = ['sat', 'sun', 'mon', 'tue', 'wed', 'thu', 'fri'].flatMap((name, i) => {
  const day = `2026-11-${String(21 + i).padStart(2, '0')}`
  return [
    [name, day, '00:10'],
    [name, day, '22:50'],
  ] as const
})

describe('seeded appointments', () => {
  it.each(WEEK)('exist today on a %s (%s, %s Tehran)', async (_, day, time) => {
    const h = harness({ start: Date.parse(`${day}T${time}:00+03:30`) })
    expect(platformDay(h.clock.now)).toBe(day)
    const panel = await h.call('GET', '/internal/users/dr-1/appointments')
    expect(panel.status).toBe(200)
    expect(panel.body.today).toBe(day)
    expect(panel.body.appointments.length).toBeGreaterThanOrEqual(2)
    // The open API a widget backend calls with the server kit's day agrees.
    const token = await h.token(['provider.appointment.read'])
    for (const [user, center] of [
      ['dr-1', 'c-101'],
      ['dr-2', 'c-201'],
    ]) {
      const mine = user === 'dr-1' ? token : await h.token(['provider.appointment.read'], user)
      const list = await h.call(
        'GET',
        `/open-platform/v1/booking/appointments?center_id=${center}&date=${platformDay(h.clock.now)}`,
        { headers: bearer(mine) },
      )
      expect(list.status).toBe(200)
      expect(list.body.appointments.length, `${user} at ${center}`).toBeGreaterThanOrEqual(1)
      for (const a of list.body.appointments) expect(a.date).toBe(day)
    }
  })
})
