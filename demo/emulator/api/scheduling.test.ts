// Long: both scheduling copies' routes through one emulator.
import { beforeEach, describe, expect, it } from 'vitest'
import { DAY_SECONDS, dayStart, minutes } from '../calendar.js'
import { bearer, type Harness, harness, TODAY } from '../test-harness.js'

/** UNIX seconds of HH:MM Tehran time on a day. */
const at = (date: string, time: string) => dayStart(date) + minutes(time) * 60
const SEEDED = '5b0c1e2a-7d3f-4a8e-9c61-2f4b8d9e0a11' // c-101, today 09:00
const SEEDED_2 = '8e6f2d41-3b9a-4c57-a2d8-6c1e9f7b3a22' // c-101, today 10:20
const DR2_APPOINTMENT = 'f1a2b3c4-d5e6-4f70-8a9b-0c1d2e3f4a44' // c-201 of dr-2

let h: Harness
let token: string
let auth: { headers: Record<string, string> }
beforeEach(async () => {
  h = harness()
  token = await h.token([
    'provider.profile.read',
    'provider.profile.write',
    'provider.appointment.read',
    'provider.appointment.write',
    'provider.management.read',
    'provider.management.write',
  ])
  auth = { headers: bearer(token) }
})

const slots = (from: number, to: number, center = 'c-101', practitioner = 'uc-101-1') =>
  h.call(
    'GET',
    `/open-platform/v1/booking/slots?center_id=${center}&user_center_id=${practitioner}&from=${from}&to=${to}`,
  )
const todaysSlots = async () =>
  (
    (await slots(dayStart(TODAY), dayStart(TODAY) + DAY_SECONDS)).body.slots as { from: number }[]
  ).map((s) => s.from)
const dayList = async (date = TODAY, set = 'booking', center = 'c-101') =>
  (
    await h.call(
      'GET',
      `/open-platform/v1/${set}/appointments?center_id=${center}&date=${date}`,
      auth,
    )
  ).body.appointments as { id: string; from: number; time: string }[]
const book = (from: number, extra: Record<string, unknown> = {}) =>
  h.call('POST', '/open-platform/v1/booking/appointments', {
    json: {
      center_id: 'c-101',
      user_center_id: 'uc-101-1',
      from,
      full_name: 'Niloofar Sadeghi',
      mobile: '09120001122',
      national_code: '0011223344',
      ...extra,
    },
  })

describe('free slots (no credentials)', () => {
  it('answers the slots the work hours open, less the booked ones', async () => {
    const res = await slots(dayStart(TODAY), dayStart(TODAY) + DAY_SECONDS)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      center_id: 'c-101',
      user_center_id: 'uc-101-1',
      slot_minutes: 20,
    })
    const starts = res.body.slots.map((s: { from: number }) => s.from)
    // 09:00 to 13:00 in 20-minute slots: 12, less the seeded 09:00 and 10:20.
    expect(starts).toHaveLength(10)
    expect(starts).not.toContain(at(TODAY, '09:00'))
    expect(starts).not.toContain(at(TODAY, '10:20'))
    expect(starts[0]).toBe(at(TODAY, '09:20'))
    expect(res.body.slots[0].to - res.body.slots[0].from).toBe(20 * 60)
  })

  it('offers no slot that has started, nor on a day without work hours', async () => {
    h.clock.now = at(TODAY, '11:05') * 1000
    expect(await todaysSlots()).toEqual(
      ['11:20', '11:40', '12:00', '12:20', '12:40'].map((t) => at(TODAY, t)),
    )
    // Wednesday to Friday: c-102 opens on Saturdays and Tuesdays only.
    const today = dayStart(TODAY)
    expect((await slots(today, today + 3 * DAY_SECONDS, 'c-102', 'uc-102-1')).body.slots).toEqual(
      [],
    )
  })

  it.each([
    ['to before from', `from=${1_700_100_000}&to=${1_700_000_000}`],
    ['more than 31 days', `from=1700000000&to=${1_700_000_000 + 32 * DAY_SECONDS}`],
    ['no to', 'from=1700000000'],
    ['a fractional from', 'from=1.5&to=1700000000'],
  ])('refuses %s with 400', async (_, range) => {
    const res = await h.call(
      'GET',
      `/open-platform/v1/booking/slots?center_id=c-101&user_center_id=uc-101-1&${range}`,
    )
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('INVALID_INPUT')
  })

  it('answers 404 for an unknown center or a practitioner not of that center', async () => {
    const from = dayStart(TODAY)
    expect((await slots(from, from + DAY_SECONDS, 'c-999')).status).toBe(404)
    const res = await slots(from, from + DAY_SECONDS, 'c-101', 'uc-201-2')
    expect(res.status).toBe(404)
    expect(res.body.error).toBe('CENTER_NOT_FOUND')
  })
})

describe('booking an appointment (no credentials)', () => {
  it("books a free slot: it leaves the slots and shows in the doctor's lists of both sets and the direct listing", async () => {
    const from = at(TODAY, '09:20')
    const res = await book(from)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      center_id: 'c-101',
      provider_id: 'dr-1',
      from,
      to: from + 20 * 60,
      date: TODAY,
      time: '09:20',
      patient: {
        full_name: 'Niloofar Sadeghi',
        mobile: '09120001122',
        national_code: '0011223344',
      },
    })
    expect(res.body.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
    expect(res.body.conversation_id).toBeGreaterThan(70004)
    const id = res.body.id
    expect(await todaysSlots()).not.toContain(from)
    expect((await dayList()).map((a) => a.id)).toEqual([SEEDED, id, SEEDED_2])
    expect((await dayList(TODAY, 'clinic')).map((a) => a.id)).toContain(id)
    const direct = await h.call(
      'GET',
      `/v1/booking/appointments?center_id=c-101&date_start=${TODAY}&date_end=${TODAY}`,
      auth,
    )
    expect(direct.body.appointments.map((a: { id: string }) => a.id)).toContain(id)
    const single = await h.call('GET', `/open-platform/v1/booking/appointments/${id}`, auth)
    expect(single.status).toBe(200)
    expect(single.body).toEqual(res.body)
  })

  it('refuses a slot that is taken or not opened by the work hours with 409 SLOT_NOT_AVAILABLE', async () => {
    for (const from of [at(TODAY, '09:00'), at(TODAY, '09:10'), at(TODAY, '14:00')]) {
      const res = await book(from)
      expect(res.status).toBe(409)
      expect(res.body.error).toBe('SLOT_NOT_AVAILABLE')
    }
    expect((await book(at(TODAY, '09:20'))).status).toBe(200)
    expect((await book(at(TODAY, '09:20'))).status).toBe(409)
  })

  it.each([
    ['a bad mobile', { mobile: '912' }],
    ['a 9-digit national code', { national_code: '001122334' }],
    ['no name', { full_name: '' }],
    ['a from as text', { from: 'soon' }],
  ])('refuses %s with 400', async (_, extra) => {
    const res = await book(at(TODAY, '09:20'), extra)
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('INVALID_INPUT')
  })

  it('answers 404 for an unknown center', async () => {
    expect((await book(at(TODAY, '09:20'), { center_id: 'c-999' })).status).toBe(404)
  })
})

describe('appointments of the doctor', () => {
  it('lists the appointments of a day, by start', async () => {
    const list = await dayList()
    expect(list.map((a) => [a.id, a.time])).toEqual([
      [SEEDED, '09:00'],
      [SEEDED_2, '10:20'],
    ])
    expect(await dayList('2023-11-16')).toEqual([])
  })

  it('the direct listing takes an open range, from date_start and up to date_end', async () => {
    const all = await h.call('GET', '/v1/booking/appointments?center_id=c-102', auth)
    expect(all.status).toBe(200)
    expect(all.body.appointments).toHaveLength(1)
    const before = await h.call(
      'GET',
      `/v1/booking/appointments?center_id=c-102&date_end=${TODAY}`,
      auth,
    )
    expect(before.body.appointments).toEqual([])
  })

  it.each([
    [
      'a date in another format',
      `/open-platform/v1/booking/appointments?center_id=c-101&date=15-11-2023`,
    ],
    [
      'an impossible date',
      `/open-platform/v1/booking/appointments?center_id=c-101&date=2023-02-30`,
    ],
    ['no date', '/open-platform/v1/booking/appointments?center_id=c-101'],
    ['no center', `/open-platform/v1/clinic/appointments?date=${TODAY}`],
    ['a bad date_start', '/v1/booking/appointments?center_id=c-101&date_start=tomorrow'],
  ])('refuses %s with 400', async (_, url) => {
    expect((await h.call('GET', url, auth)).status).toBe(400)
  })

  it("answers 404 for another doctor's center and appointment", async () => {
    const list = await h.call(
      'GET',
      `/open-platform/v1/booking/appointments?center_id=c-201&date=${TODAY}`,
      auth,
    )
    expect(list.status).toBe(404)
    expect(list.body.error).toBe('CENTER_NOT_FOUND')
    const one = await h.call(
      'GET',
      `/open-platform/v1/booking/appointments/${DR2_APPOINTMENT}`,
      auth,
    )
    expect(one.status).toBe(404)
    expect(one.body.error).toBe('APPOINTMENT_NOT_FOUND')
  })

  it('answers 404 for an unknown appointment and 400 for an id that is not a UUID', async () => {
    const unknown = await h.call(
      'GET',
      '/open-platform/v1/booking/appointments/00000000-0000-4000-8000-000000000000',
      auth,
    )
    expect(unknown.status).toBe(404)
    expect((await h.call('GET', '/open-platform/v1/booking/appointments/42', auth)).status).toBe(
      400,
    )
  })

  it.each(['booking', 'clinic'])(
    'deleting (%s set) removes it from every list and frees its slot; again is 404',
    async (set) => {
      expect(await todaysSlots()).not.toContain(at(TODAY, '09:00'))
      const res = await h.call('DELETE', `/open-platform/v1/${set}/appointments/${SEEDED}`, auth)
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ id: SEEDED, deleted: true })
      expect((await dayList()).map((a) => a.id)).toEqual([SEEDED_2])
      expect(
        (await h.call('GET', `/open-platform/v1/booking/appointments/${SEEDED}`, auth)).status,
      ).toBe(404)
      expect(await todaysSlots()).toContain(at(TODAY, '09:00'))
      expect(
        (await h.call('DELETE', `/open-platform/v1/${set}/appointments/${SEEDED}`, auth)).status,
      ).toBe(404)
    },
  )

  it('moves an appointment to a free slot of the same center; a taken slot is 409', async () => {
    const to = at(TODAY, '12:40')
    const res = await h.call('POST', '/open-platform/v1/booking/move/c-101', {
      ...auth,
      json: { appointment_id: SEEDED, from: to },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: SEEDED, from: to, to: to + 1200, time: '12:40' })
    expect((await dayList()).map((a) => a.id)).toEqual([SEEDED_2, SEEDED])
    const slotsNow = await todaysSlots()
    expect(slotsNow).toContain(at(TODAY, '09:00'))
    expect(slotsNow).not.toContain(to)
    const taken = await h.call('POST', '/open-platform/v1/booking/move/c-101', {
      ...auth,
      json: { appointment_id: SEEDED, from: at(TODAY, '10:20') },
    })
    expect(taken.status).toBe(409)
    expect(taken.body.error).toBe('SLOT_NOT_AVAILABLE')
    // Its own slot is free for itself: moving to where it is succeeds.
    const same = await h.call('POST', '/open-platform/v1/booking/move/c-101', {
      ...auth,
      json: { appointment_id: SEEDED, from: to },
    })
    expect(same.status).toBe(200)
  })

  it('refuses to move an appointment of another center (404) or with a bad body (400)', async () => {
    const other = await h.call('POST', '/open-platform/v1/booking/move/c-102', {
      ...auth,
      json: { appointment_id: SEEDED, from: at(TODAY, '12:40') },
    })
    expect(other.status).toBe(404)
    const bad = await h.call('POST', '/open-platform/v1/booking/move/c-101', {
      ...auth,
      json: { from: 1 },
    })
    expect(bad.status).toBe(400)
  })
})

describe('medical centers', () => {
  it.each(['booking', 'clinic'])("lists the doctor's centers (%s set)", async (set) => {
    const res = await h.call('GET', `/open-platform/v1/${set}/medical-centers`, auth)
    expect(res.status).toBe(200)
    expect(res.body.medical_centers.map((c: { id: string }) => c.id)).toEqual(['c-101', 'c-102'])
    expect(res.body.medical_centers[0]).toMatchObject({
      user_center_id: 'uc-101-1',
      phone: '02188776655',
      slot_minutes: 20,
    })
  })

  it('updates a center; the profile information shows the new name', async () => {
    const res = await h.call('PUT', '/open-platform/v1/clinic/medical-centers/c-101', {
      ...auth,
      json: { name: 'Ahmadi clinic', phone: '02100000000' },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: 'c-101', name: 'Ahmadi clinic', phone: '02100000000' })
    const profile = await h.call('GET', '/open-platform/v1/profile/information', auth)
    expect(profile.body.centers[0]).toMatchObject({ id: 'c-101', name: 'Ahmadi clinic' })
    const listed = await h.call('GET', '/open-platform/v1/booking/medical-centers', auth)
    expect(listed.body.medical_centers[0].name).toBe('Ahmadi clinic')
  })

  it("refuses an empty or unknown-field body (400) and another doctor's center (404)", async () => {
    for (const json of [{}, { rating: 5 }, { phone: '123' }]) {
      const res = await h.call('PUT', '/open-platform/v1/booking/medical-centers/c-101', {
        ...auth,
        json,
      })
      expect(res.status, JSON.stringify(json)).toBe(400)
    }
    const other = await h.call('PUT', '/open-platform/v1/booking/medical-centers/c-201', {
      ...auth,
      json: { name: 'Mine now' },
    })
    expect(other.status).toBe(404)
  })
})

describe('work hours', () => {
  it.each(['booking', 'clinic'])('reads the work hours of a center (%s set)', async (set) => {
    const res = await h.call('GET', `/open-platform/v1/${set}/work-hours?center_id=c-102`, auth)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      center_id: 'c-102',
      slot_minutes: 30,
      work_hours: [
        { day: 'sat', from: '16:00', to: '20:00' },
        { day: 'tue', from: '16:00', to: '20:00' },
      ],
    })
  })

  it('setting them replaces them, and the slots follow', async () => {
    const res = await h.call('POST', '/open-platform/v1/booking/work-hours', {
      ...auth,
      json: {
        center_id: 'c-101',
        slot_minutes: 30,
        work_hours: [{ day: 'wed', from: '14:00', to: '15:00' }],
      },
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      center_id: 'c-101',
      slot_minutes: 30,
      work_hours: [{ day: 'wed', from: '14:00', to: '15:00' }],
    })
    expect(await todaysSlots()).toEqual([at(TODAY, '14:00'), at(TODAY, '14:30')])
    const read = await h.call('GET', '/open-platform/v1/clinic/work-hours?center_id=c-101', auth)
    expect(read.body).toEqual(res.body)
  })

  it.each([
    [
      'overlapping ranges',
      [
        { day: 'sat', from: '09:00', to: '12:00' },
        { day: 'sat', from: '11:00', to: '13:00' },
      ],
    ],
    ['a range that ends before it starts', [{ day: 'sat', from: '12:00', to: '09:00' }]],
    ['a bad time', [{ day: 'sat', from: '9am', to: '12:00' }]],
    ['a bad day', [{ day: 'monday', from: '09:00', to: '12:00' }]],
  ])('refuses %s with 400', async (_, work_hours) => {
    const res = await h.call('POST', '/open-platform/v1/booking/work-hours', {
      ...auth,
      json: { center_id: 'c-101', work_hours },
    })
    expect(res.status).toBe(400)
  })

  it("answers 404 for another doctor's center and 400 without center_id", async () => {
    expect(
      (await h.call('GET', '/open-platform/v1/booking/work-hours?center_id=c-201', auth)).status,
    ).toBe(404)
    expect((await h.call('GET', '/open-platform/v1/booking/work-hours', auth)).status).toBe(400)
  })
})

describe('vacations', () => {
  const vacations = (set = 'booking', center = 'c-101', query = '') =>
    h.call('GET', `/open-platform/v1/${set}/vacations/${center}${query}`, auth)

  it('lists the seeded vacation, and filters by from and to', async () => {
    const res = await vacations('booking', 'c-102')
    expect(res.status).toBe(200)
    expect(res.body.vacations).toEqual([
      {
        id: 'vac-1',
        center_id: 'c-102',
        from: dayStart(TODAY) + 14 * DAY_SECONDS,
        to: dayStart(TODAY) + 17 * DAY_SECONDS,
        reason: 'سمینار',
      },
    ])
    const before = await vacations('clinic', 'c-102', `?to=${dayStart(TODAY) + 14 * DAY_SECONDS}`)
    expect(before.body.vacations).toEqual([])
    const during = await vacations('clinic', 'c-102', `?from=${dayStart(TODAY) + 15 * DAY_SECONDS}`)
    expect(during.body.vacations).toHaveLength(1)
  })

  it('a vacation hides its slots; moving it frees them again; deleting it gives them back', async () => {
    const day = dayStart(TODAY)
    const created = await h.call('POST', '/open-platform/v1/booking/vacations/c-101', {
      ...auth,
      json: { from: at(TODAY, '11:00'), to: day + DAY_SECONDS, reason: 'conference' },
    })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({
      center_id: 'c-101',
      from: at(TODAY, '11:00'),
      reason: 'conference',
    })
    const id = created.body.id
    const hidden = await todaysSlots()
    expect(hidden.every((s) => s < at(TODAY, '11:00'))).toBe(true)
    expect(hidden).toHaveLength(4)
    // A booking inside it is refused too.
    expect((await book(at(TODAY, '11:20'))).status).toBe(409)

    const moved = await h.call('PUT', '/open-platform/v1/clinic/vacations/c-101', {
      ...auth,
      json: { id, from: at(TODAY, '12:00') },
    })
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({ id, from: at(TODAY, '12:00'), reason: 'conference' })
    expect(await todaysSlots()).toContain(at(TODAY, '11:20'))
    expect(await todaysSlots()).not.toContain(at(TODAY, '12:00'))

    const deleted = await h.call('DELETE', '/open-platform/v1/booking/vacations/c-101', {
      ...auth,
      json: { id },
    })
    expect(deleted.status).toBe(200)
    expect(deleted.body).toEqual({ id, deleted: true })
    expect(await todaysSlots()).toHaveLength(10)
    expect((await vacations()).body.vacations).toEqual([])
    const again = await h.call('DELETE', '/open-platform/v1/booking/vacations/c-101', {
      ...auth,
      json: { id },
    })
    expect(again.status).toBe(404)
    expect(again.body.error).toBe('VACATION_NOT_FOUND')
  })

  it('refuses from after to (400), an unknown vacation (404) and one of another center (404)', async () => {
    const bad = await h.call('POST', '/open-platform/v1/booking/vacations/c-101', {
      ...auth,
      json: { from: 200, to: 100 },
    })
    expect(bad.status).toBe(400)
    const inverted = await h.call('PUT', '/open-platform/v1/booking/vacations/c-102', {
      ...auth,
      json: { id: 'vac-1', to: 1 },
    })
    expect(inverted.status).toBe(400)
    const elsewhere = await h.call('PUT', '/open-platform/v1/booking/vacations/c-101', {
      ...auth,
      json: { id: 'vac-1', reason: 'x' },
    })
    expect(elsewhere.status).toBe(404)
    expect((await vacations('booking', 'c-201')).status).toBe(404)
  })
})

describe('the appointments-list addon', () => {
  it('goes present (created, then updated), then absent, then 404', async () => {
    const created = await h.call('POST', '/open-platform/v1/addons/appointments', {
      ...auth,
      json: { title: 'Send reminders' },
    })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({
      app_key: 'demo-doctor',
      provider_id: 'dr-1',
      title: 'Send reminders',
      description: '',
      present: true,
    })
    expect(h.emulator.state.addons.size).toBe(1)
    const updated = await h.call('POST', '/open-platform/v1/addons/appointments', {
      ...auth,
      json: { title: 'Reminders', description: 'SMS the day before' },
    })
    expect(updated.body).toMatchObject({
      title: 'Reminders',
      description: 'SMS the day before',
      present: true,
    })
    expect(h.emulator.state.addons.size).toBe(1)

    const removed = await h.call('DELETE', '/open-platform/v1/addons/appointments', auth)
    expect(removed.status).toBe(200)
    expect(removed.body).toMatchObject({ title: 'Reminders', present: false })
    const again = await h.call('DELETE', '/open-platform/v1/addons/appointments', auth)
    expect(again.status).toBe(404)
    expect(again.body.error).toBe('ADDON_NOT_FOUND')
  })

  it('is one per widget and doctor, and refuses a bad body with 400', async () => {
    await h.call('POST', '/open-platform/v1/addons/appointments', { ...auth, json: { title: 'A' } })
    const dr2 = await h.token(['provider.appointment.read'], 'dr-2')
    const theirs = await h.call('DELETE', '/open-platform/v1/addons/appointments', {
      headers: bearer(dr2),
    })
    expect(theirs.status).toBe(404)
    for (const json of [{}, { title: '' }, { title: 'x'.repeat(61) }]) {
      const res = await h.call('POST', '/open-platform/v1/addons/appointments', { ...auth, json })
      expect(res.status).toBe(400)
    }
  })

  it('is for doctors: a patient token gets 403 NOT_A_PROVIDER', async () => {
    const patient = await h.token(['provider.appointment.read'], 'pt-1')
    const res = await h.call('POST', '/open-platform/v1/addons/appointments', {
      headers: bearer(patient),
      json: { title: 'A' },
    })
    expect(res.status).toBe(403)
    expect(res.body.error).toBe('NOT_A_PROVIDER')
  })
})
