// Spec 4.2 (profile information and cache purge) and 4.4's user information: the provider's
// public profile, edited by a widget with provider.profile.write, and the signed-in user.

import { operation } from './document.js'
import { createRouter, type Env, invalid, type Kit, trimmed } from './kit.js'
import { asProvider, bearer } from './middleware.js'

/** The profile as the API answers it; centers come from the scheduling state, kept in step. */
export function profileOf(kit: Kit, provider: Env['Variables']['provider']) {
  const { profile } = provider
  return {
    id: provider.id,
    first_name: provider.first_name,
    last_name: provider.last_name,
    ...(provider.latin_name ? { latin_name: provider.latin_name } : {}),
    title: profile.title,
    expertise: profile.expertise,
    medical_code: profile.medical_code,
    biography: profile.biography,
    rating: profile.rating,
    centers: [...kit.state.centers.values()]
      .filter((c) => c.provider_id === provider.id)
      .map(({ id, name, city, address }) => ({ id, name, city, address })),
  }
}

const read = (kit: Kit) => [bearer(kit, 'provider.profile.read'), asProvider]
const write = (kit: Kit) => [bearer(kit, 'provider.profile.write'), asProvider]

/**
 * The editable fields of a PATCH or PUT, trimmed (a JSON Schema bounds their length, not what
 * is kept); a PATCH must change one at least.
 */
function editable(body: { title?: string; expertise?: string; biography?: string }) {
  const fields = {
    title: trimmed('title', body.title),
    expertise: trimmed('expertise', body.expertise),
    biography: trimmed('biography', body.biography, 0),
  }
  const given = Object.entries(fields).filter(([, v]) => v !== undefined)
  if (given.length === 0) throw invalid('Expected at least one of title, expertise, biography')
  return Object.fromEntries(given)
}

/** The provider's profile: read it, change some fields, replace them. */
function informationRoutes(kit: Kit) {
  const router = createRouter()
  router.openapi(operation('getProfileInformation', read(kit)), (c) =>
    c.json(profileOf(kit, c.var.provider), 200),
  )

  // PATCH changes some fields and PUT replaces them all: their schemas differ, the work is the same.
  for (const operationId of ['updateProfileInformation', 'replaceProfileInformation'] as const) {
    router.openapi(operation(operationId, write(kit)), (c) => {
      Object.assign(c.var.provider.profile, editable(c.req.valid('json')))
      return c.json(profileOf(kit, c.var.provider), 200)
    })
  }
  return router
}

/** The provider's profile cleared from the CDN cache. */
function purgeRoutes(kit: Kit) {
  const router = createRouter()
  router.openapi(operation('purgeProfileCache', write(kit)), (c) => {
    kit.state.profilePurges.set(c.var.provider.id, kit.now())
    return c.json(
      { success: true, message: `The profile of ${c.var.provider.id} was purged from the cache` },
      200,
    )
  })
  return router
}

/** The signed-in user (spec 4.4). */
function userRoutes(kit: Kit) {
  const router = createRouter()
  router.openapi(operation('getUserInformation', [bearer(kit, 'user.profile.read')]), (c) => {
    const user = c.var.user
    return c.json(
      {
        id: user.id,
        first_name: user.first_name,
        last_name: user.last_name,
        ...(user.latin_name ? { latin_name: user.latin_name } : {}),
        mobile: user.mobile,
        kind: user.kind,
      },
      200,
    )
  })
  return router
}

export function profileRouter(kit: Kit) {
  return createRouter()
    .route('/', informationRoutes(kit))
    .route('/', purgeRoutes(kit))
    .route('/', userRoutes(kit))
}
