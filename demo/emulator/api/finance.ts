// Spec 4.2 (accounts): the bank accounts of the signed-in provider.

import { operation } from './document.js'
import { createRouter, type Kit } from './kit.js'
import { asProvider, bearer } from './middleware.js'

export function financeRouter(kit: Kit) {
  const router = createRouter()
  router.openapi(
    operation('listBankAccounts', [bearer(kit, 'provider.profile.read'), asProvider]),
    (c) => c.json({ accounts: c.var.provider.bank_accounts ?? [] }, 200),
  )
  return router
}
