// Long: both scheduling copies (booking, clinic) share these schemas and handlers.
// Spec 4.1: scheduling and the appointments-list addon, under /open-platform/v1 (and the
// direct appointment listing under /v1). The center operations are shared with the clinic set
// (./clinic.ts), over the same state: a center, its work hours, vacations and appointments.
//
// Times are UNIX seconds; days, weekdays and HH:MM are Tehran time (../calendar.ts). A slot is
// free when the work hours open it, it has not started yet, no appointment holds it and no
// vacation of the center covers it.

import { randomUUID } from 'node:crypto'
import { createRoute, z } from '@hono/zod-openapi'
import type { Scope } from 'platform-widget-sdk/events'
import {
  DAY_SECONDS,
  dayStart,
  type Interval,
  minutes,
  openSlots,
  overlaps,
  tehranDate,
  tehranTime,
} from '../calendar.js'
import type { Appointment, Center, Vacation } from '../state.js'
import { opaque } from '../state.js'
import {
  ApiError,
  createRouter,
  type Env,
  errors,
  invalid,
  iso,
  jsonBody,
  type Kit,
  ok,
  queryInt,
  type Router,
} from './kit.js'
import { asProvider, bearer, bearerSecurity } from './middleware.js'

/** The widest range the slots query answers. */
export const MAX_SLOT_RANGE_DAYS = 31

// ---- Shapes --------------------------------------------------------------------------------

const Id = (name: string, example: string) =>
  z
    .string()
    .min(1)
    .openapi({ param: { name, in: 'path' }, example })
const CenterIdParam = z.object({ center_id: Id('center_id', 'c-101') })
const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/
// A day that does not exist (month 13) parses to NaN, which tehranDate cannot format: not a date.
export const isDate = (text: string) =>
  DATE.test(text) && Number.isFinite(dayStart(text)) && tehranDate(dayStart(text)) === text
const DateText = z
  .string()
  .refine(isDate, 'expected a date YYYY-MM-DD')
  .openapi({ example: '2025-05-21' })
const HHMM = z
  .string()
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$/, 'expected HH:MM')
  .openapi({ example: '09:00' })
const Seconds = z.number().int().min(0).openapi({ description: 'UNIX seconds' })
const Mobile = z.string().regex(/^09[0-9]{9}$/, 'expected a mobile number like 09121234567')
const NationalCode = z.string().regex(/^[0-9]{10}$/, 'expected exactly 10 digits')

export const MedicalCenter = z
  .object({
    id: z.string(),
    user_center_id: z.string().openapi({ description: 'The provider as a practitioner here' }),
    name: z.string(),
    city: z.string(),
    address: z.string(),
    phone: z.string(),
    slot_minutes: z.number().int(),
  })
  .openapi('MedicalCenter')
const UpdateCenter = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    city: z.string().trim().min(1).max(60).optional(),
    address: z.string().trim().min(1).max(300).optional(),
    phone: z
      .string()
      .regex(/^0[0-9]{10}$/, 'expected a phone number like 02188776655')
      .optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, 'Expected at least one of name, city, address, phone')
  .openapi('UpdateMedicalCenterRequest')

export const AppointmentRecord = z
  .object({
    id: z.uuid(),
    conversation_id: z
      .number()
      .int()
      .openapi({ description: 'Its chat (POST /chats/{id}/messages)' }),
    center_id: z.string(),
    user_center_id: z.string(),
    provider_id: z.string(),
    from: Seconds,
    to: Seconds,
    date: z.string().openapi({ description: 'YYYY-MM-DD, Tehran' }),
    time: z.string().openapi({ description: 'HH:MM, Tehran' }),
    patient: z.object({ full_name: z.string(), mobile: z.string(), national_code: z.string() }),
    created_at: z.string(),
  })
  .openapi('Appointment')
const Appointments = z
  .object({ appointments: z.array(AppointmentRecord) })
  .openapi('AppointmentList')

const WorkHoursRange = z
  .object({ day: z.enum(['sat', 'sun', 'mon', 'tue', 'wed', 'thu', 'fri']), from: HHMM, to: HHMM })
  .refine((r) => minutes(r.from) < minutes(r.to), 'from must be before to')
const WorkHours = z
  .object({
    center_id: z.string(),
    slot_minutes: z.number().int(),
    work_hours: z.array(WorkHoursRange),
  })
  .openapi('WorkHours')
const SetWorkHours = z
  .object({
    center_id: z.string().min(1),
    slot_minutes: z.number().int().min(5).max(120).optional(),
    work_hours: z.array(WorkHoursRange).max(50),
  })
  .openapi('SetWorkHoursRequest', { description: "Replaces the center's work hours" })

const VacationRecord = z
  .object({ id: z.string(), center_id: z.string(), from: Seconds, to: Seconds, reason: z.string() })
  .openapi('Vacation')
const Reason = z.string().trim().max(200)
const CreateVacation = z
  .object({ from: Seconds, to: Seconds, reason: Reason.optional() })
  .refine((v) => v.from < v.to, 'from must be before to')
  .openapi('CreateVacationRequest')
const UpdateVacation = z
  .object({
    id: z.string().min(1),
    from: Seconds.optional(),
    to: Seconds.optional(),
    reason: Reason.optional(),
  })
  .openapi('UpdateVacationRequest')
const DeleteVacation = z.object({ id: z.string().min(1) }).openapi('DeleteVacationRequest')
const Deleted = z.object({ id: z.string(), deleted: z.literal(true) }).openapi('Deleted')

const Slots = z
  .object({
    center_id: z.string(),
    user_center_id: z.string(),
    slot_minutes: z.number().int(),
    slots: z.array(z.object({ from: Seconds, to: Seconds })),
  })
  .openapi('FreeSlots')
const CreateAppointment = z
  .object({
    center_id: z.string().min(1),
    user_center_id: z.string().min(1),
    from: Seconds.openapi({ description: 'The start of a free slot' }),
    full_name: z.string().trim().min(2).max(100),
    mobile: Mobile,
    national_code: NationalCode,
  })
  .openapi('CreateAppointmentRequest')
const MoveAppointment = z
  .object({
    appointment_id: z.string().min(1),
    from: Seconds.openapi({ description: 'The start of the new slot' }),
  })
  .openapi('MoveAppointmentRequest')

const AddonRequest = z
  .object({
    title: z.string().trim().min(1).max(60),
    description: z.string().trim().max(200).optional(),
  })
  .openapi('AppointmentsAddonRequest')
const Addon = z
  .object({
    app_key: z.string(),
    provider_id: z.string(),
    title: z.string(),
    description: z.string(),
    present: z.boolean().openapi({ description: 'false in the answer of DELETE' }),
    updated_at: z.string(),
  })
  .openapi('AppointmentsAddon')

// ---- State helpers -------------------------------------------------------------------------

type Provider = Env['Variables']['provider']

export function schedule(kit: Kit) {
  const ownCenter = (provider: Provider, center_id: string): Center => {
    const center = kit.state.centers.get(center_id)
    if (!center || center.provider_id !== provider.id) {
      throw new ApiError(404, 'CENTER_NOT_FOUND', `No center "${center_id}" of this provider`)
    }
    return center
  }
  const ownAppointment = (provider: Provider, id: string): Appointment => {
    const appointment = kit.state.appointments.get(id)
    if (!appointment || appointment.provider_id !== provider.id) {
      throw new ApiError(404, 'APPOINTMENT_NOT_FOUND', `No appointment "${id}" of this provider`)
    }
    return appointment
  }
  /** The free slots of a center in the range; `moving` does not hold its own slot. */
  const freeSlots = (center: Center, range: Interval, moving?: Appointment): Interval[] => {
    const nowSeconds = Math.floor(kit.now() / 1000)
    const taken = [...kit.state.appointments.values()].filter(
      (a) => a.center_id === center.id && a.id !== moving?.id,
    )
    const off = [...kit.state.vacations.values()].filter((v) => v.center_id === center.id)
    return openSlots(center.work_hours, center.slot_minutes, range).filter(
      (slot) =>
        slot.from >= nowSeconds &&
        !taken.some((a) => overlaps(a, slot)) &&
        !off.some((v) => overlaps(v, slot)),
    )
  }
  /** The free slot starting at `from`, or 409. */
  const slotAt = (center: Center, from: number, moving?: Appointment): Interval => {
    const slot = freeSlots(center, { from, to: from + DAY_SECONDS }, moving).find(
      (s) => s.from === from,
    )
    if (!slot) {
      throw new ApiError(
        409,
        'SLOT_NOT_AVAILABLE',
        `No free slot of center "${center.id}" starts at ${from} (see GET /open-platform/v1/booking/slots)`,
      )
    }
    return slot
  }
  return { ownCenter, ownAppointment, freeSlots, slotAt }
}

export const centerView = (c: Center): z.infer<typeof MedicalCenter> => ({
  id: c.id,
  user_center_id: c.user_center_id,
  name: c.name,
  city: c.city,
  address: c.address,
  phone: c.phone,
  slot_minutes: c.slot_minutes,
})

export const appointmentView = (a: Appointment): z.infer<typeof AppointmentRecord> => ({
  id: a.id,
  conversation_id: a.conversation_id,
  center_id: a.center_id,
  user_center_id: a.user_center_id,
  provider_id: a.provider_id,
  from: a.from,
  to: a.to,
  date: tehranDate(a.from),
  time: tehranTime(a.from),
  patient: { ...a.patient },
  created_at: iso(a.created_at),
})

const vacationView = (v: Vacation) => ({ ...v })

/** Appointments of a center from `first` to `last` (Tehran days, both included), by start. */
function appointmentsOn(kit: Kit, center: Center, first?: string, last?: string) {
  const from = first ? dayStart(first) : Number.NEGATIVE_INFINITY
  const to = last ? dayStart(last) + DAY_SECONDS : Number.POSITIVE_INFINITY
  return [...kit.state.appointments.values()]
    .filter((a) => a.center_id === center.id && a.from >= from && a.from < to)
    .sort((a, b) => a.from - b.from)
    .map(appointmentView)
}

function checkNoOverlap(hours: z.infer<typeof WorkHoursRange>[]) {
  for (const [i, a] of hours.entries()) {
    for (const b of hours.slice(i + 1)) {
      if (
        a.day === b.day &&
        overlaps(
          { from: minutes(a.from), to: minutes(a.to) },
          { from: minutes(b.from), to: minutes(b.to) },
        )
      ) {
        throw invalid(`work_hours: ${a.day} ${a.from}-${a.to} overlaps ${b.from}-${b.to}`)
      }
    }
  }
}

// ---- Routes --------------------------------------------------------------------------------

const auth = (kit: Kit, scope: Scope, tag: string) => ({
  tags: [tag],
  security: bearerSecurity(scope),
  middleware: [bearer(kit, scope), asProvider],
})

/**
 * The ten center operations both sets share: medical centers, the appointments of a day,
 * cancelling one, work hours and vacations. `prefix` is `/open-platform/v1/booking` or
 * `/open-platform/v1/clinic`; `ids` prefixes the operation ids of the second set.
 */
export function centerRoutes(kit: Kit, router: Router, prefix: string, tag: string, ids = '') {
  // Long: a route table: the center-scoped routes both scheduling copies share.
  const { ownCenter, ownAppointment } = schedule(kit)
  const opId = (name: string) => (ids ? `${ids}${name[0]!.toUpperCase()}${name.slice(1)}` : name)

  router.openapi(
    createRoute({
      ...auth(kit, 'provider.profile.read', tag),
      operationId: opId('listMedicalCenters'),
      summary: "The provider's medical centers",
      method: 'get',
      path: `${prefix}/medical-centers`,
      responses: {
        ...ok(z.object({ medical_centers: z.array(MedicalCenter) })),
        ...errors(401, 403),
      },
    }),
    (c) =>
      c.json(
        {
          medical_centers: [...kit.state.centers.values()]
            .filter((center) => center.provider_id === c.var.provider.id)
            .map(centerView),
        },
        200,
      ),
  )

  router.openapi(
    createRoute({
      ...auth(kit, 'provider.profile.write', tag),
      operationId: opId('updateMedicalCenter'),
      summary: 'Change the name, city, address or phone of a center',
      method: 'put',
      path: `${prefix}/medical-centers/{id}`,
      request: { params: z.object({ id: Id('id', 'c-101') }), ...jsonBody(UpdateCenter) },
      responses: { ...ok(MedicalCenter), ...errors(400, 401, 403, 404) },
    }),
    (c) => {
      const center = ownCenter(c.var.provider, c.req.valid('param').id)
      Object.assign(center, c.req.valid('json'))
      return c.json(centerView(center), 200)
    },
  )

  router.openapi(
    createRoute({
      ...auth(kit, 'provider.appointment.read', tag),
      operationId: opId('listAppointmentsOfDay'),
      summary: 'The appointments of a center on one day',
      description: '`date` is a Tehran day (UTC+03:30): "today" is the date in Tehran, not UTC.',
      method: 'get',
      path: `${prefix}/appointments`,
      request: { query: z.object({ center_id: z.string().min(1), date: DateText }) },
      responses: { ...ok(Appointments), ...errors(400, 401, 403, 404) },
    }),
    (c) => {
      const { center_id, date } = c.req.valid('query')
      const center = ownCenter(c.var.provider, center_id)
      return c.json({ appointments: appointmentsOn(kit, center, date, date) }, 200)
    },
  )

  router.openapi(
    createRoute({
      ...auth(kit, 'provider.appointment.write', tag),
      operationId: opId('deleteAppointment'),
      summary: 'Cancel an appointment: it leaves every list and its slot is free again',
      method: 'delete',
      path: `${prefix}/appointments/{id}`,
      request: { params: z.object({ id: Id('id', '5b0c1e2a-7d3f-4a8e-9c61-2f4b8d9e0a11') }) },
      responses: { ...ok(Deleted), ...errors(401, 403, 404) },
    }),
    (c) => {
      const appointment = ownAppointment(c.var.provider, c.req.valid('param').id)
      kit.state.appointments.delete(appointment.id)
      return c.json({ id: appointment.id, deleted: true as const }, 200)
    },
  )

  const workHoursView = (center: Center) => ({
    center_id: center.id,
    slot_minutes: center.slot_minutes,
    work_hours: center.work_hours.map((h) => ({ ...h })),
  })
  router.openapi(
    createRoute({
      ...auth(kit, 'provider.management.read', tag),
      operationId: opId('getWorkHours'),
      summary: 'The work hours of a center',
      method: 'get',
      path: `${prefix}/work-hours`,
      request: { query: z.object({ center_id: z.string().min(1) }) },
      responses: { ...ok(WorkHours), ...errors(400, 401, 403, 404) },
    }),
    (c) => c.json(workHoursView(ownCenter(c.var.provider, c.req.valid('query').center_id)), 200),
  )

  router.openapi(
    createRoute({
      ...auth(kit, 'provider.management.write', tag),
      operationId: opId('setWorkHours'),
      summary: 'Replace the work hours of a center (and optionally its slot length)',
      method: 'post',
      path: `${prefix}/work-hours`,
      request: jsonBody(SetWorkHours),
      responses: { ...ok(WorkHours), ...errors(400, 401, 403, 404) },
    }),
    (c) => {
      const body = c.req.valid('json')
      const center = ownCenter(c.var.provider, body.center_id)
      checkNoOverlap(body.work_hours)
      center.work_hours = body.work_hours.map((h) => ({ ...h }))
      if (body.slot_minutes !== undefined) center.slot_minutes = body.slot_minutes
      return c.json(workHoursView(center), 200)
    },
  )

  const vacationsPath = `${prefix}/vacations/{center_id}`
  const ownVacation = (center: Center, id: string) => {
    const vacation = kit.state.vacations.get(id)
    if (vacation?.center_id !== center.id) {
      throw new ApiError(404, 'VACATION_NOT_FOUND', `No vacation "${id}" at center "${center.id}"`)
    }
    return vacation
  }
  router.openapi(
    createRoute({
      ...auth(kit, 'provider.management.read', tag),
      operationId: opId('listVacations'),
      summary: 'The vacations of a center, those overlapping [from, to) when given',
      method: 'get',
      path: vacationsPath,
      request: {
        params: CenterIdParam,
        query: z.object({
          from: queryInt({ min: 0 }).optional(),
          to: queryInt({ min: 0 }).optional(),
        }),
      },
      responses: {
        ...ok(z.object({ vacations: z.array(VacationRecord) })),
        ...errors(400, 401, 403, 404),
      },
    }),
    (c) => {
      const center = ownCenter(c.var.provider, c.req.valid('param').center_id)
      const { from = 0, to = Number.POSITIVE_INFINITY } = c.req.valid('query')
      const vacations = [...kit.state.vacations.values()]
        .filter((v) => v.center_id === center.id && overlaps(v, { from, to }))
        .sort((a, b) => a.from - b.from)
        .map(vacationView)
      return c.json({ vacations }, 200)
    },
  )

  router.openapi(
    createRoute({
      ...auth(kit, 'provider.management.write', tag),
      operationId: opId('createVacation'),
      summary: 'Take time off: its slots are no longer offered',
      method: 'post',
      path: vacationsPath,
      request: { params: CenterIdParam, ...jsonBody(CreateVacation) },
      responses: { ...ok(VacationRecord), ...errors(400, 401, 403, 404) },
    }),
    (c) => {
      const center = ownCenter(c.var.provider, c.req.valid('param').center_id)
      const body = c.req.valid('json')
      const vacation: Vacation = {
        id: opaque('vac'),
        center_id: center.id,
        from: body.from,
        to: body.to,
        reason: body.reason ?? '',
      }
      kit.state.vacations.set(vacation.id, vacation)
      return c.json(vacationView(vacation), 200)
    },
  )

  router.openapi(
    createRoute({
      ...auth(kit, 'provider.management.write', tag),
      operationId: opId('updateVacation'),
      summary: 'Change the dates or reason of a vacation',
      method: 'put',
      path: vacationsPath,
      request: { params: CenterIdParam, ...jsonBody(UpdateVacation) },
      responses: { ...ok(VacationRecord), ...errors(400, 401, 403, 404) },
    }),
    (c) => {
      const center = ownCenter(c.var.provider, c.req.valid('param').center_id)
      const body = c.req.valid('json')
      const vacation = ownVacation(center, body.id)
      const next = {
        from: body.from ?? vacation.from,
        to: body.to ?? vacation.to,
        reason: body.reason ?? vacation.reason,
      }
      if (next.from >= next.to) throw invalid('from must be before to')
      Object.assign(vacation, next)
      return c.json(vacationView(vacation), 200)
    },
  )

  router.openapi(
    createRoute({
      ...auth(kit, 'provider.management.write', tag),
      operationId: opId('deleteVacation'),
      summary: 'Remove a vacation: its slots are offered again',
      method: 'delete',
      path: vacationsPath,
      request: { params: CenterIdParam, ...jsonBody(DeleteVacation) },
      responses: { ...ok(Deleted), ...errors(400, 401, 403, 404) },
    }),
    (c) => {
      const center = ownCenter(c.var.provider, c.req.valid('param').center_id)
      const vacation = ownVacation(center, c.req.valid('json').id)
      kit.state.vacations.delete(vacation.id)
      return c.json({ id: vacation.id, deleted: true as const }, 200)
    },
  )
}

export function schedulingRouter(kit: Kit) {
  // Long: the router's route table: one short handler per route.
  const router = createRouter()
  const { ownCenter, ownAppointment, freeSlots, slotAt } = schedule(kit)
  centerRoutes(kit, router, '/open-platform/v1/booking', 'scheduling')

  // ---- The appointments-list addon: one per widget and provider ----------------------------
  const addonPath = '/open-platform/v1/addons/appointments'
  const addonKey = (c: { var: Env['Variables'] }) => `${c.var.token.app_key} ${c.var.provider.id}`
  router.openapi(
    createRoute({
      ...auth(kit, 'provider.appointment.read', 'scheduling'),
      operationId: 'upsertAppointmentsAddon',
      summary: "Add (or update) the widget's addon on the doctor's appointments list",
      method: 'post',
      path: addonPath,
      request: jsonBody(AddonRequest),
      responses: { ...ok(Addon), ...errors(400, 401, 403) },
    }),
    (c) => {
      const body = c.req.valid('json')
      const key = addonKey(c)
      const existing = kit.state.addons.get(key)
      const addon = {
        app_key: c.var.token.app_key,
        provider_id: c.var.provider.id,
        title: body.title,
        description: body.description ?? '',
        created_at: existing?.created_at ?? kit.now(),
        updated_at: kit.now(),
      }
      kit.state.addons.set(key, addon)
      const { created_at: _, ...view } = addon
      return c.json({ ...view, present: true, updated_at: iso(addon.updated_at) }, 200)
    },
  )
  router.openapi(
    createRoute({
      ...auth(kit, 'provider.appointment.read', 'scheduling'),
      operationId: 'deleteAppointmentsAddon',
      summary: "Remove the widget's addon from the appointments list",
      method: 'delete',
      path: addonPath,
      responses: { ...ok(Addon, 'The addon removed'), ...errors(401, 403, 404) },
    }),
    (c) => {
      const key = addonKey(c)
      const addon = kit.state.addons.get(key)
      if (!addon) {
        throw new ApiError(
          404,
          'ADDON_NOT_FOUND',
          'This widget has no addon on the appointments list',
        )
      }
      kit.state.addons.delete(key)
      const { created_at: _, ...view } = addon
      return c.json({ ...view, present: false, updated_at: iso(kit.now()) }, 200)
    },
  )

  // ---- Booking: public slots and booking, the direct listing, one appointment, moving -------
  router.openapi(
    createRoute({
      operationId: 'listFreeSlots',
      tags: ['scheduling'],
      summary: 'The free slots of a practitioner at a center in [from, to) (at most 31 days)',
      description:
        'No token, as the specification declares. Slots in a vacation or already booked are left out.',
      method: 'get',
      path: '/open-platform/v1/booking/slots',
      security: [],
      request: {
        query: z.object({
          center_id: z.string().min(1),
          user_center_id: z.string().min(1),
          from: queryInt({ min: 0 }).openapi({ description: 'UNIX seconds' }),
          to: queryInt({ min: 0 }).openapi({ description: 'UNIX seconds' }),
        }),
      },
      responses: { ...ok(Slots), ...errors(400, 404) },
    }),
    (c) => {
      const { center_id, user_center_id, from, to } = c.req.valid('query')
      if (to <= from) throw invalid('to: must be after from')
      if (to - from > MAX_SLOT_RANGE_DAYS * DAY_SECONDS) {
        throw invalid(`to: at most ${MAX_SLOT_RANGE_DAYS} days after from`)
      }
      const center = publicCenter(kit, center_id, user_center_id)
      return c.json(
        {
          center_id,
          user_center_id,
          slot_minutes: center.slot_minutes,
          slots: freeSlots(center, { from, to }),
        },
        200,
      )
    },
  )

  router.openapi(
    createRoute({
      operationId: 'bookAppointment',
      tags: ['scheduling'],
      summary: 'Book a free slot for a patient',
      description:
        'No token, as the specification declares. 409 `SLOT_NOT_AVAILABLE` when no free slot starts at `from`.',
      method: 'post',
      path: '/open-platform/v1/booking/appointments',
      security: [],
      request: jsonBody(CreateAppointment),
      responses: { ...ok(AppointmentRecord, 'The appointment booked'), ...errors(400, 404, 409) },
    }),
    (c) => {
      const body = c.req.valid('json')
      const center = publicCenter(kit, body.center_id, body.user_center_id)
      const slot = slotAt(center, body.from)
      const appointment: Appointment = {
        id: randomUUID(),
        conversation_id: kit.state.nextConversationId++,
        center_id: center.id,
        user_center_id: center.user_center_id,
        provider_id: center.provider_id,
        from: slot.from,
        to: slot.to,
        patient: {
          full_name: body.full_name,
          mobile: body.mobile,
          national_code: body.national_code,
        },
        created_at: kit.now(),
      }
      kit.state.appointments.set(appointment.id, appointment)
      return c.json(appointmentView(appointment), 200)
    },
  )

  router.openapi(
    createRoute({
      ...auth(kit, 'provider.appointment.read', 'scheduling'),
      operationId: 'getAppointment',
      summary: 'One appointment',
      method: 'get',
      path: '/open-platform/v1/booking/appointments/{id}',
      request: {
        params: z.object({ id: z.uuid().openapi({ param: { name: 'id', in: 'path' } }) }),
      },
      responses: { ...ok(AppointmentRecord), ...errors(400, 401, 403, 404) },
    }),
    (c) => c.json(appointmentView(ownAppointment(c.var.provider, c.req.valid('param').id)), 200),
  )

  router.openapi(
    createRoute({
      ...auth(kit, 'provider.appointment.write', 'scheduling'),
      operationId: 'moveAppointment',
      summary: 'Move an appointment to another free slot of the same center',
      description: '409 `SLOT_NOT_AVAILABLE` when no free slot starts at the new `from`.',
      method: 'post',
      path: '/open-platform/v1/booking/move/{center_id}',
      request: { params: CenterIdParam, ...jsonBody(MoveAppointment) },
      responses: {
        ...ok(AppointmentRecord, 'The appointment, moved'),
        ...errors(400, 401, 403, 404, 409),
      },
    }),
    (c) => {
      const center = ownCenter(c.var.provider, c.req.valid('param').center_id)
      const body = c.req.valid('json')
      const appointment = ownAppointment(c.var.provider, body.appointment_id)
      if (appointment.center_id !== center.id) {
        throw new ApiError(
          404,
          'APPOINTMENT_NOT_FOUND',
          `Appointment "${appointment.id}" is not at center "${center.id}"`,
        )
      }
      const slot = slotAt(center, body.from, appointment)
      appointment.from = slot.from
      appointment.to = slot.to
      return c.json(appointmentView(appointment), 200)
    },
  )

  router.openapi(
    createRoute({
      ...auth(kit, 'provider.appointment.read', 'scheduling'),
      operationId: 'listAppointments',
      summary: 'The appointments of a center, from date_start to date_end (both included)',
      description: '`date_start` and `date_end` are Tehran days (UTC+03:30), as "today" is.',
      method: 'get',
      path: '/v1/booking/appointments',
      request: {
        query: z.object({
          center_id: z.string().min(1),
          date_start: DateText.optional(),
          date_end: DateText.optional(),
        }),
      },
      responses: { ...ok(Appointments), ...errors(400, 401, 403, 404) },
    }),
    (c) => {
      const { center_id, date_start, date_end } = c.req.valid('query')
      const center = ownCenter(c.var.provider, center_id)
      return c.json({ appointments: appointmentsOn(kit, center, date_start, date_end) }, 200)
    },
  )
  return router
}

/** The center of the public slots and booking operations: any center, by its practitioner. */
function publicCenter(kit: Kit, center_id: string, user_center_id: string): Center {
  const center = kit.state.centers.get(center_id)
  if (!center || center.user_center_id !== user_center_id) {
    throw new ApiError(
      404,
      'CENTER_NOT_FOUND',
      `No practitioner "${user_center_id}" at center "${center_id}"`,
    )
  }
  return center
}
