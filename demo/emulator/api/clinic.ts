// Spec 4.1, second set: /open-platform/v1/clinic answers the center operations of the booking
// set with the same behaviour and shapes, over the same state (./scheduling.ts). Slots, moving,
// booking and the single appointment are not part of it.

import { createRouter, type Kit } from './kit.js'
import { centerRoutes } from './scheduling.js'

export function clinicRouter(kit: Kit) {
  const router = createRouter()
  centerRoutes(kit, router, '/open-platform/v1/clinic', 'clinic', 'clinic')
  return router
}
