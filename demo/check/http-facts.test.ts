import { describe, expect, it } from 'vitest'
import { allows, directive, httpFacts, metaPolicies } from './http-facts.js'

describe('the page as its server answers it', () => {
  it.each([
    [['*'], true],
    [['http:'], true],
    [["'self'"], false],
    [["'none'"], false],
    [['http://127.0.0.1:4400'], true],
    [['127.0.0.1:4400'], true],
    [['https://127.0.0.1:4400'], false],
    [['http://127.0.0.1:4401'], false],
    [['127.0.0.1:*'], true],
  ])('a source list %j allows the platform: %s', (sources, allowed) => {
    expect(allows(sources, 'http://127.0.0.1:4400')).toBe(allowed)
  })

  it('reads a directive, or default-src in its place', () => {
    const policy = "default-src 'self'; frame-ancestors https://panel.example"
    expect(directive(policy, 'frame-ancestors')).toEqual(['https://panel.example'])
    expect(directive(policy, 'connect-src', 'default-src')).toEqual(["'self'"])
    expect(directive(policy, 'connect-src')).toBeUndefined()
  })

  it('finds a policy in a meta tag', () => {
    const html = `<meta http-equiv="Content-Security-Policy" content="connect-src 'self'">`
    expect(metaPolicies(html)).toEqual(["connect-src 'self'"])
  })

  it('lists the redirects and the headers of the page it ends at', async () => {
    const pages: Record<string, Response> = {
      'http://a.test/': new Response(null, { status: 302, headers: { location: '/b' } }),
      'http://a.test/b': new Response('<p>', {
        headers: { 'x-frame-options': 'DENY', 'content-security-policy': "frame-ancestors 'self'" },
      }),
    }
    const fetcher = (async (url: string) => pages[url]!) as unknown as typeof fetch
    const facts = await httpFacts('http://a.test/', fetcher)
    expect(facts).toMatchObject({
      status: 200,
      redirects: ['http://a.test/b'],
      xFrameOptions: 'DENY',
      csp: ["frame-ancestors 'self'"],
    })
  })

  it('says why a page did not answer', async () => {
    const fetcher = (async () => {
      throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } })
    }) as unknown as typeof fetch
    expect((await httpFacts('http://a.test/', fetcher)).error).toBe('ECONNREFUSED')
  })
})
