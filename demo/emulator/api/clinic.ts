// Spec 4.1, second set: /open-platform/v1/clinic answers the center operations of the booking
// set with the same behaviour and shapes, over the same state (./scheduling/centers.ts). Slots,
// moving, booking and the single appointment are not part of it.

import type { Kit } from './kit.js'
import { centerRoutes } from './scheduling/centers.js'

export function clinicRouter(kit: Kit) {
  return centerRoutes({ kit, clinic: true })
}
