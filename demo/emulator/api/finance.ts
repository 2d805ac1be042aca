// Spec 4.2 (accounts): the bank accounts of the signed-in provider.

import { createRoute, z } from '@hono/zod-openapi'
import { createRouter, errors, type Kit, ok } from './kit.js'
import { asProvider, bearer, bearerSecurity } from './middleware.js'

const BankAccount = z
  .object({
    id: z.string(),
    iban: z.string().openapi({ example: 'IR820540102680020817909002' }),
    card_number: z.string().openapi({ example: '6037991234567890' }),
    bank_name: z.string(),
    owner_name: z.string(),
    is_default: z.boolean(),
  })
  .openapi('BankAccount')

export function financeRouter(kit: Kit) {
  const router = createRouter()
  router.openapi(
    createRoute({
      operationId: 'listBankAccounts',
      tags: ['finance'],
      summary: 'The bank accounts of the signed-in provider',
      method: 'get',
      path: '/open-platform/v1/finance/accounts',
      security: bearerSecurity('provider.profile.read'),
      middleware: [bearer(kit, 'provider.profile.read'), asProvider],
      responses: { ...ok(z.object({ accounts: z.array(BankAccount) })), ...errors(401, 403) },
    }),
    (c) => c.json({ accounts: c.var.provider.bank_accounts ?? [] }, 200),
  )
  return router
}
