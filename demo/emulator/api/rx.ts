// Spec 4.3: the prescription catalog. Service types are public; the insurance look-up and the
// search need provider.prescription.read.

import { createRoute, z } from '@hono/zod-openapi'
import type { Env } from './kit.js'
import { ApiError, createRouter, errors, invalid, type Kit, ok, queryInt } from './kit.js'
import { asProvider, bearer, bearerSecurity } from './middleware.js'

const normalize = (text: string) =>
  text
    .replace(/\u064a/g, 'ی')
    .replace(/\u0643/g, 'ک')
    .replace(/\u200c/g, ' ')
    .toLowerCase()

const PROVIDERS = ['tamin', 'salamat'] as const

const ServiceTypes = z
  .object({
    categories: z.array(
      z.object({
        key: z.enum(['drugs', 'lab', 'imaging', 'others', 'equipment']),
        title: z.string(),
        providers: z.record(z.string(), z.array(z.number().int())),
      }),
    ),
  })
  .openapi('ServiceTypes')

const InsuranceType = z
  .object({
    status: z.string().openapi({ description: 'Coverage status as reported upstream' }),
    insurance: z.string().openapi({ description: 'Primary insurance name' }),
  })
  .openapi('InsuranceType')

const SearchQuery = z.object({
  _q: z
    .string({ error: 'required, at least 1 character' })
    .min(1)
    .openapi({ description: 'Item name' }),
  provider: z.enum(PROVIDERS).default('tamin'),
  type: queryInt({ min: 0 })
    .default(79)
    .openapi({ description: 'A type code of the provider (service types)', default: 79 }),
  _limit: queryInt({ min: 1, max: 100 }).default(10).openapi({ default: 10 }),
  _start: queryInt({ min: 0 }).default(0).openapi({ default: 0 }),
})

const CatalogSearch = z
  .object({
    statusCode: z.number().int(),
    message: z.string(),
    result: z.object({
      insuranceType: z.string(),
      serviceList: z.array(
        z.object({
          id: z.number().int(),
          srvId: z.null(),
          srvCode: z.null(),
          srvName: z.string(),
          srvBimSw: z.null(),
          gSrvCode: z.string(),
          wsSrvCode: z.string(),
          serviceType: z.object({
            id: z.number().int(),
            srvType: z.string(),
            srvTypeDes: z.string(),
            custType: z.string(),
            status: z.string(),
          }),
          brands: z.array(z.string()),
        }),
      ),
    }),
  })
  .openapi('CatalogSearchResult')

const auth = (kit: Kit, missingHeader: 400 | 401) => ({
  tags: ['rx'],
  security: bearerSecurity('provider.prescription.read'),
  middleware: [bearer(kit, 'provider.prescription.read', missingHeader), asProvider],
})

/** The public service types, and a person's insurance. */
function lookupRoutes(kit: Kit) {
  const router = createRouter()
  router.openapi(
    createRoute({
      operationId: 'listServiceTypes',
      tags: ['rx'],
      summary: 'The categories of prescribable items and their type codes per insurance',
      method: 'get',
      path: '/v1/rx/service-types',
      security: [],
      responses: ok(ServiceTypes),
    }),
    (c) => c.json({ categories: kit.state.fixtures.service_types }, 200),
  )
  router.openapi(
    createRoute({
      ...auth(kit, 401),
      operationId: 'getInsuranceType',
      summary: "A person's insurance, by national code",
      method: 'get',
      path: '/v1/rx/insurance-type',
      request: {
        query: z.object({
          national_code: z
            .string({ error: 'expected exactly 10 digits' })
            .regex(/^[0-9]{10}$/, 'expected exactly 10 digits'),
        }),
      },
      responses: { ...ok(InsuranceType), ...errors(400, 401, 403) },
    }),
    (c) => {
      const code = c.req.valid('query').national_code
      const person = kit.state.fixtures.insured_people.find((p) => p.national_code === code)
      // Only these two fields leave: every other personal field of the upstream record is stripped.
      return c.json(
        person
          ? { status: person.status, insurance: person.insurance }
          : { status: 'NOT_FOUND', insurance: '' },
        200,
      )
    },
  )
  return router
}

/** The catalog items of one insurance and type code whose name holds the query, one page. */
function search(
  kit: Kit,
  provider: Env['Variables']['provider'],
  query: z.infer<typeof SearchQuery>,
): z.infer<typeof CatalogSearch> {
  const { _q: q, provider: providerKey, type, _limit: limit, _start: start } = query
  const { fixtures } = kit.state
  const codes = fixtures.service_types.flatMap((t) => t.providers[providerKey] ?? [])
  if (!codes.includes(type)) {
    throw invalid(
      `type: ${type} is not a type code of provider ${providerKey} (see GET /v1/rx/service-types)`,
    )
  }
  if (!provider.insurance_providers?.includes(providerKey)) {
    throw new ApiError(
      403,
      'PROVIDER_NOT_PERMITTED',
      `This user may not prescribe under the ${providerKey} insurance`,
    )
  }
  const needle = normalize(q)
  const category = fixtures.service_types.find((t) => t.providers[providerKey]?.includes(type))
  const serviceList = fixtures.catalog
    .filter(
      (item) =>
        item.provider === providerKey &&
        item.type === type &&
        normalize(item.srvName).includes(needle),
    )
    .slice(start, start + limit)
    .map((item) => ({
      id: item.id,
      srvId: null,
      srvCode: null,
      srvName: item.srvName,
      srvBimSw: null,
      gSrvCode: item.gSrvCode,
      wsSrvCode: item.wsSrvCode,
      serviceType: {
        id: item.type,
        srvType: String(item.type),
        srvTypeDes: category?.title ?? '',
        custType: providerKey === 'tamin' ? '1' : '2',
        status: '1',
      },
      brands: item.brands,
    }))
  return { statusCode: 200, message: 'OK', result: { insuranceType: providerKey, serviceList } }
}

/** The catalog search. */
function searchRoutes(kit: Kit) {
  const router = createRouter()
  router.openapi(
    createRoute({
      ...auth(kit, 400),
      operationId: 'searchServices',
      summary: 'Search the catalog of one insurance and category',
      method: 'get',
      path: '/v1/rx/services/search',
      request: { query: SearchQuery },
      responses: { ...ok(CatalogSearch), ...errors(400, 401, 403) },
    }),
    (c) => c.json(search(kit, c.var.provider, c.req.valid('query')), 200),
  )
  return router
}

export function rxRouter(kit: Kit) {
  return createRouter().route('/', lookupRoutes(kit)).route('/', searchRoutes(kit))
}
