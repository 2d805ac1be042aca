// The vacations of a center, in both sets of spec 4.1: time off whose slots are not offered.

import { createRoute, z } from '@hono/zod-openapi'
import { overlaps } from '../../calendar.js'
import { type Center, opaque, type Vacation } from '../../state.js'
import {
  ApiError,
  createRouter,
  errors,
  invalid,
  jsonBody,
  type Kit,
  ok,
  queryInt,
} from '../kit.js'
import {
  CenterIdParam,
  CreateVacation,
  Deleted,
  DeleteVacation,
  UpdateVacation,
  VacationRecord,
} from './shapes.js'
import { auth, type CenterSet, opId, schedule, vacationView } from './state.js'

const path = (set: CenterSet) => `${set.prefix}/vacations/{center_id}`

const listRoute = (set: CenterSet) =>
  createRoute({
    ...auth(set.kit, 'provider.management.read', set.tag),
    operationId: opId(set, 'listVacations'),
    summary: 'The vacations of a center, those overlapping [from, to) when given',
    method: 'get',
    path: path(set),
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
  })

const createVacationRoute = (set: CenterSet) =>
  createRoute({
    ...auth(set.kit, 'provider.management.write', set.tag),
    operationId: opId(set, 'createVacation'),
    summary: 'Take time off: its slots are no longer offered',
    method: 'post',
    path: path(set),
    request: { params: CenterIdParam, ...jsonBody(CreateVacation) },
    responses: { ...ok(VacationRecord), ...errors(400, 401, 403, 404) },
  })

const updateRoute = (set: CenterSet) =>
  createRoute({
    ...auth(set.kit, 'provider.management.write', set.tag),
    operationId: opId(set, 'updateVacation'),
    summary: 'Change the dates or reason of a vacation',
    method: 'put',
    path: path(set),
    request: { params: CenterIdParam, ...jsonBody(UpdateVacation) },
    responses: { ...ok(VacationRecord), ...errors(400, 401, 403, 404) },
  })

const deleteRoute = (set: CenterSet) =>
  createRoute({
    ...auth(set.kit, 'provider.management.write', set.tag),
    operationId: opId(set, 'deleteVacation'),
    summary: 'Remove a vacation: its slots are offered again',
    method: 'delete',
    path: path(set),
    request: { params: CenterIdParam, ...jsonBody(DeleteVacation) },
    responses: { ...ok(Deleted), ...errors(400, 401, 403, 404) },
  })

/** The vacation `id` of `center`, or 404. */
function ownVacation(kit: Kit, center: Center, id: string) {
  const vacation = kit.state.vacations.get(id)
  if (vacation?.center_id !== center.id) {
    throw new ApiError(404, 'VACATION_NOT_FOUND', `No vacation "${id}" at center "${center.id}"`)
  }
  return vacation
}

/** The four vacation operations of one set. */
export function vacationsRoutes(set: CenterSet) {
  const { kit } = set
  const router = createRouter()
  const { ownCenter } = schedule(kit)
  router.openapi(listRoute(set), (c) => {
    const center = ownCenter(c.var.provider, c.req.valid('param').center_id)
    const { from = 0, to = Number.POSITIVE_INFINITY } = c.req.valid('query')
    const vacations = [...kit.state.vacations.values()]
      .filter((v) => v.center_id === center.id && overlaps(v, { from, to }))
      .sort((a, b) => a.from - b.from)
      .map(vacationView)
    return c.json({ vacations }, 200)
  })
  router.openapi(createVacationRoute(set), (c) => {
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
  })
  router.openapi(updateRoute(set), (c) => {
    const center = ownCenter(c.var.provider, c.req.valid('param').center_id)
    const body = c.req.valid('json')
    const vacation = ownVacation(kit, center, body.id)
    const next = {
      from: body.from ?? vacation.from,
      to: body.to ?? vacation.to,
      reason: body.reason ?? vacation.reason,
    }
    if (next.from >= next.to) throw invalid('from must be before to')
    Object.assign(vacation, next)
    return c.json(vacationView(vacation), 200)
  })
  router.openapi(deleteRoute(set), (c) => {
    const center = ownCenter(c.var.provider, c.req.valid('param').center_id)
    const vacation = ownVacation(kit, center, c.req.valid('json').id)
    kit.state.vacations.delete(vacation.id)
    return c.json({ id: vacation.id, deleted: true as const }, 200)
  })
  return router
}
