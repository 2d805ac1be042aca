// Spec 4.3: the prescription catalog. Service types are public; the insurance look-up and the
// search need provider.prescription.read.

import type { components, operations } from 'platform-widget-server'
import { operation } from './document.js'
import { ApiError, createRouter, type Env, invalid, type Kit } from './kit.js'
import { asProvider, bearer } from './middleware.js'

const normalize = (text: string) =>
  text
    .replace(/\u064a/g, 'ی')
    .replace(/\u0643/g, 'ک')
    .replace(/\u200c/g, ' ')
    .toLowerCase()

/** The search's query: every parameter with a default in the document has it, once validated. */
type SearchQuery = Required<operations['searchServices']['parameters']['query']>

const auth = (kit: Kit, missingHeader: 400 | 401) => [
  bearer(kit, 'provider.prescription.read', missingHeader),
  asProvider,
]

/** The public service types, and a person's insurance. */
function lookupRoutes(kit: Kit) {
  const router = createRouter()
  router.openapi(operation('listServiceTypes', []), (c) =>
    c.json({ categories: kit.state.fixtures.service_types }, 200),
  )
  router.openapi(operation('getInsuranceType', auth(kit, 401)), (c) => {
    const code = c.req.valid('query').national_code
    const person = kit.state.fixtures.insured_people.find((p) => p.national_code === code)
    // Only these two fields leave: every other personal field of the upstream record is stripped.
    return c.json(
      person
        ? { status: person.status, insurance: person.insurance }
        : { status: 'NOT_FOUND', insurance: '' },
      200,
    )
  })
  return router
}

/** The catalog items of one insurance and type code whose name holds the query, one page. */
function search(
  kit: Kit,
  provider: Env['Variables']['provider'],
  query: SearchQuery,
): components['schemas']['CatalogSearchResult'] {
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
  router.openapi(operation('searchServices', auth(kit, 400)), (c) =>
    c.json(search(kit, c.var.provider, c.req.valid('query') as SearchQuery), 200),
  )
  return router
}

export function rxRouter(kit: Kit) {
  return createRouter().route('/', lookupRoutes(kit)).route('/', searchRoutes(kit))
}
