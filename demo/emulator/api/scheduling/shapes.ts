// The shapes of spec 4.1's operations (scheduling, the clinic set, the appointments addon): one
// zod schema each, for the validation, the handlers' types and the OpenAPI description.

import { z } from '@hono/zod-openapi'
import { dayStart, minutes, tehranDate } from '../../calendar.js'

/** The widest range the slots query answers. */
export const MAX_SLOT_RANGE_DAYS = 31

export const Id = (name: string, example: string) =>
  z
    .string()
    .min(1)
    .openapi({ param: { name, in: 'path' }, example })
export const CenterIdParam = z.object({ center_id: Id('center_id', 'c-101') })
const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/
// A day that does not exist (month 13) parses to NaN, which tehranDate cannot format: not a date.
export const isDate = (text: string) =>
  DATE.test(text) && Number.isFinite(dayStart(text)) && tehranDate(dayStart(text)) === text
export const DateText = z
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
export const UpdateCenter = z
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
export const Appointments = z
  .object({ appointments: z.array(AppointmentRecord) })
  .openapi('AppointmentList')

export const WorkHoursRange = z
  .object({ day: z.enum(['sat', 'sun', 'mon', 'tue', 'wed', 'thu', 'fri']), from: HHMM, to: HHMM })
  .refine((r) => minutes(r.from) < minutes(r.to), 'from must be before to')
export const WorkHours = z
  .object({
    center_id: z.string(),
    slot_minutes: z.number().int(),
    work_hours: z.array(WorkHoursRange),
  })
  .openapi('WorkHours')
export const SetWorkHours = z
  .object({
    center_id: z.string().min(1),
    slot_minutes: z.number().int().min(5).max(120).optional(),
    work_hours: z.array(WorkHoursRange).max(50),
  })
  .openapi('SetWorkHoursRequest', { description: "Replaces the center's work hours" })

export const VacationRecord = z
  .object({ id: z.string(), center_id: z.string(), from: Seconds, to: Seconds, reason: z.string() })
  .openapi('Vacation')
const Reason = z.string().trim().max(200)
export const CreateVacation = z
  .object({ from: Seconds, to: Seconds, reason: Reason.optional() })
  .refine((v) => v.from < v.to, 'from must be before to')
  .openapi('CreateVacationRequest')
export const UpdateVacation = z
  .object({
    id: z.string().min(1),
    from: Seconds.optional(),
    to: Seconds.optional(),
    reason: Reason.optional(),
  })
  .openapi('UpdateVacationRequest')
export const DeleteVacation = z.object({ id: z.string().min(1) }).openapi('DeleteVacationRequest')
export const Deleted = z.object({ id: z.string(), deleted: z.literal(true) }).openapi('Deleted')

export const Slots = z
  .object({
    center_id: z.string(),
    user_center_id: z.string(),
    slot_minutes: z.number().int(),
    slots: z.array(z.object({ from: Seconds, to: Seconds })),
  })
  .openapi('FreeSlots')
export const CreateAppointment = z
  .object({
    center_id: z.string().min(1),
    user_center_id: z.string().min(1),
    from: Seconds.openapi({ description: 'The start of a free slot' }),
    full_name: z.string().trim().min(2).max(100),
    mobile: Mobile,
    national_code: NationalCode,
  })
  .openapi('CreateAppointmentRequest')
export const MoveAppointment = z
  .object({
    appointment_id: z.string().min(1),
    from: Seconds.openapi({ description: 'The start of the new slot' }),
  })
  .openapi('MoveAppointmentRequest')

export const AddonRequest = z
  .object({
    title: z.string().trim().min(1).max(60),
    description: z.string().trim().max(200).optional(),
  })
  .openapi('AppointmentsAddonRequest')
export const Addon = z
  .object({
    app_key: z.string(),
    provider_id: z.string(),
    title: z.string(),
    description: z.string(),
    present: z.boolean().openapi({ description: 'false in the answer of DELETE' }),
    updated_at: z.string(),
  })
  .openapi('AppointmentsAddon')
