import { describe, expect, it } from 'vitest'
import { createMemoryBackend } from './memory-backend.js'

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('createMemoryBackend', () => {
  it('issues session tokens and grants as st_ / prg_ and a random UUID v4, all distinct', async () => {
    const backend = createMemoryBackend()
    // Past several refills of the pool of random bytes (64 ids each).
    const tokens: string[] = []
    for (let i = 0; i < 300; i++) {
      tokens.push(await backend.issueSessionToken({ app_key: 'w', scopes: ['a.b'] }))
    }
    const grant = await backend.issueRenewalGrant?.({
      app_key: 'w',
      origin: 'https://w',
      scopes: [],
    })
    for (const token of tokens) expect(token.slice(3)).toMatch(UUID_V4)
    expect(tokens.every((t) => t.startsWith('st_'))).toBe(true)
    expect(grant?.slice(4)).toMatch(UUID_V4)
    expect(new Set([...tokens, grant]).size).toBe(301)
    // The random bits are spread: every hex digit shows up among 300 ids.
    const digits = new Set(tokens.join('').replace(/[^0-9a-f]/g, ''))
    expect(digits.size).toBe(16)
  })

  it('answers the consent recorded, de-duplicated, as a list no caller can change', async () => {
    const backend = createMemoryBackend()
    expect(await backend.getConsent('w')).toEqual([])
    await backend.recordConsent('w', ['a.b', 'c.d', 'a.b'])
    const granted = await backend.getConsent('w')
    expect(granted).toEqual(['a.b', 'c.d'])
    expect(() => granted.push('e.f')).toThrow(TypeError)
    expect(Object.isFrozen(await backend.getConsent('other'))).toBe(true)
    expect(await backend.getConsent('w')).toEqual(['a.b', 'c.d'])
  })

  it('charges once per idempotency key, and nothing once the signal has aborted', async () => {
    const backend = createMemoryBackend()
    const request = { app_key: 'w', amount: 10 }
    const call = { signal: new AbortController().signal, idempotencyKey: 'k1' }
    const first = await backend.pay(request, call)
    expect(await backend.pay(request, call)).toEqual(first)
    expect(backend.charges).toHaveLength(1)
    const aborted = new AbortController()
    aborted.abort()
    await expect(
      backend.pay(request, { signal: aborted.signal, idempotencyKey: 'k2' }),
    ).rejects.toMatchObject({ name: 'AbortError' })
    expect(backend.charges).toHaveLength(1)
  })
})
