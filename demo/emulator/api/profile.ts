// Spec 4.2 (profile information and cache purge) and 4.4's user information: the provider's
// public profile, edited by a widget with provider.profile.write, and the signed-in user.

import { createRoute, z } from '@hono/zod-openapi'
import type { Kit } from './kit.js'
import { createRouter, type Env, errors, jsonBody, ok } from './kit.js'
import { asProvider, bearer, bearerSecurity } from './middleware.js'

const CenterSummary = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  address: z.string(),
})

export const ProfileInformation = z
  .object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    latin_name: z.string().optional(),
    title: z.string(),
    expertise: z.string(),
    medical_code: z.string(),
    biography: z.string(),
    rating: z.number(),
    centers: z.array(CenterSummary),
  })
  .openapi('ProfileInformation')

const EDITABLE = {
  title: z.string().trim().min(1).max(40),
  expertise: z.string().trim().min(1).max(200),
  biography: z.string().trim().max(2000),
}
const PatchProfile = z
  .object({
    title: EDITABLE.title.optional(),
    expertise: EDITABLE.expertise.optional(),
    biography: EDITABLE.biography.optional(),
  })
  .strict()
  .refine(
    (body) => Object.keys(body).length > 0,
    'Expected at least one of title, expertise, biography',
  )
  .openapi('UpdateProfileRequest', { description: 'The fields to change' })
const PutProfile = z.object(EDITABLE).strict().openapi('ReplaceProfileRequest', {
  description: 'Every editable field',
})

const UserInformation = z
  .object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    latin_name: z.string().optional(),
    mobile: z.string(),
    kind: z.enum(['provider', 'patient']),
  })
  .openapi('UserInformation')

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

const path = '/open-platform/v1/profile/information'
const read = (kit: Kit) => ({
  tags: ['profile'],
  security: bearerSecurity('provider.profile.read'),
  middleware: [bearer(kit, 'provider.profile.read'), asProvider],
})
const write = (kit: Kit) => ({
  tags: ['profile'],
  security: bearerSecurity('provider.profile.write'),
  middleware: [bearer(kit, 'provider.profile.write'), asProvider],
})

/** The provider's profile: read it, change some fields, replace them. */
function informationRoutes(kit: Kit) {
  const router = createRouter()
  router.openapi(
    createRoute({
      ...read(kit),
      operationId: 'getProfileInformation',
      summary: "The provider's profile information",
      method: 'get',
      path,
      responses: { ...ok(ProfileInformation), ...errors(401, 403) },
    }),
    (c) => c.json(profileOf(kit, c.var.provider), 200),
  )

  // PATCH changes some fields and PUT replaces them all: their schemas differ, the work is the same.
  for (const [method, operationId, summary, body] of [
    ['patch', 'updateProfileInformation', 'Change some fields of the profile', PatchProfile],
    ['put', 'replaceProfileInformation', 'Replace the editable fields of the profile', PutProfile],
  ] as const) {
    router.openapi(
      createRoute({
        ...write(kit),
        operationId,
        summary,
        method,
        path,
        request: jsonBody(body),
        responses: { ...ok(ProfileInformation), ...errors(400, 401, 403) },
      }),
      (c) => {
        Object.assign(c.var.provider.profile, c.req.valid('json'))
        return c.json(profileOf(kit, c.var.provider), 200)
      },
    )
  }
  return router
}

/** The provider's profile cleared from the CDN cache. */
function purgeRoutes(kit: Kit) {
  const router = createRouter()
  router.openapi(
    createRoute({
      ...write(kit),
      operationId: 'purgeProfileCache',
      summary: "Clear the caller's profile from the CDN cache",
      method: 'post',
      path: '/open-platform/v1/profile/purge-cache',
      responses: {
        ...ok(z.object({ success: z.boolean(), message: z.string() }).openapi('PurgeResult')),
        ...errors(401, 403),
      },
    }),
    (c) => {
      kit.state.profilePurges.set(c.var.provider.id, kit.now())
      return c.json(
        { success: true, message: `The profile of ${c.var.provider.id} was purged from the cache` },
        200,
      )
    },
  )
  return router
}

/** The signed-in user (spec 4.4). */
function userRoutes(kit: Kit) {
  const router = createRouter()
  router.openapi(
    createRoute({
      operationId: 'getUserInformation',
      tags: ['profile'],
      summary: 'The signed-in user',
      method: 'get',
      path: '/v1/user/information',
      security: bearerSecurity('user.profile.read'),
      middleware: [bearer(kit, 'user.profile.read')],
      responses: { ...ok(UserInformation), ...errors(401, 403) },
    }),
    (c) => {
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
    },
  )
  return router
}

export function profileRouter(kit: Kit) {
  return createRouter()
    .route('/', informationRoutes(kit))
    .route('/', purgeRoutes(kit))
    .route('/', userRoutes(kit))
}
