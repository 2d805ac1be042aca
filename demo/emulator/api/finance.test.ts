import { beforeEach, describe, expect, it } from 'vitest'
import { bearer, type Harness, harness } from '../test-harness.js'

let h: Harness
beforeEach(() => {
  h = harness()
})

describe('bank accounts', () => {
  it("answers the signed-in provider's accounts, and only theirs", async () => {
    const mine = await h.call('GET', '/open-platform/v1/finance/accounts', {
      headers: bearer(await h.token(['provider.profile.read'])),
    })
    expect(mine.status).toBe(200)
    expect(mine.body.accounts.map((a: { id: string }) => a.id)).toEqual(['ba-1', 'ba-2'])
    expect(mine.body.accounts[0]).toEqual({
      id: 'ba-1',
      iban: 'IR820540102680020817909002',
      card_number: '6037991234567890',
      bank_name: 'بانک ملی',
      owner_name: 'سارا احمدی',
      is_default: true,
    })
    const theirs = await h.call('GET', '/open-platform/v1/finance/accounts', {
      headers: bearer(await h.token(['provider.profile.read'], 'dr-2')),
    })
    expect(theirs.body.accounts.map((a: { id: string }) => a.id)).toEqual(['ba-3'])
  })

  it('is for providers: a patient gets 403', async () => {
    const res = await h.call('GET', '/open-platform/v1/finance/accounts', {
      headers: bearer(await h.token(['provider.profile.read'], 'pt-1')),
    })
    expect(res.status).toBe(403)
  })
})
