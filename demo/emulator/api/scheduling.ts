// Spec 4.1: scheduling and the appointments-list addon, under /open-platform/v1 (and the
// direct appointment listing under /v1), one sub-app per resource in ./scheduling/. The center
// operations are shared with the clinic set (./clinic.ts), over the same state: a center, its
// work hours, vacations and appointments.

import { createRouter, type Kit } from './kit.js'
import { addonRoutes } from './scheduling/addon.js'
import { appointmentsRoutes, listingRoutes, publicBookingRoutes } from './scheduling/booking.js'
import { centerRoutes } from './scheduling/centers.js'

export { MAX_SLOT_RANGE_DAYS } from './scheduling/shapes.js'

export function schedulingRouter(kit: Kit) {
  return createRouter()
    .route('/', centerRoutes({ kit }))
    .route('/', addonRoutes(kit))
    .route('/', publicBookingRoutes(kit))
    .route('/', appointmentsRoutes(kit))
    .route('/', listingRoutes(kit))
}
