// The vacations of a center, in both sets of spec 4.1: time off whose slots are not offered.

import { overlaps } from '../../calendar.js'
import type { Center, Vacation } from '../../scheduling-records.js'
import { opaque } from '../../state.js'
import { operation } from '../document.js'
import { ApiError, createRouter, invalid, type Kit, trimmed } from '../kit.js'
import { auth, type CenterSet, opId, schedule, vacationView } from './state.js'

const listRoute = (set: CenterSet) =>
  operation(opId(set, 'listVacations'), auth(set.kit, 'provider.management.read'))

const createVacationRoute = (set: CenterSet) =>
  operation(opId(set, 'createVacation'), auth(set.kit, 'provider.management.write'))

const updateRoute = (set: CenterSet) =>
  operation(opId(set, 'updateVacation'), auth(set.kit, 'provider.management.write'))

const deleteRoute = (set: CenterSet) =>
  operation(opId(set, 'deleteVacation'), auth(set.kit, 'provider.management.write'))

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
    if (body.from >= body.to) throw invalid('from must be before to')
    const vacation: Vacation = {
      id: opaque('vac'),
      center_id: center.id,
      from: body.from,
      to: body.to,
      reason: trimmed('reason', body.reason, 0) ?? '',
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
      reason: trimmed('reason', body.reason, 0) ?? vacation.reason,
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
