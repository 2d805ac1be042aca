import { describe, expect, it } from 'vitest'
import { HOST_SHOWN, registrableDomain, shortHost } from './site.js'

describe('registrableDomain', () => {
  it.each([
    ['accounts.google.com', 'google.com'],
    ['accounts.google.com.evil.example', 'evil.example'],
    [`accounts.google.com.${'a'.repeat(63)}.${'a'.repeat(63)}.evil.example`, 'evil.example'],
    ['evil.example', 'evil.example'],
    ['www.nhs.co.uk', 'nhs.co.uk'],
    ['shop.digikala.co.ir', 'digikala.co.ir'],
    ['google.com.phish.github.io', 'phish.github.io'],
    ['a.b.s3.amazonaws.com', 'b.s3.amazonaws.com'],
    ['xn--ggle-55da.com', 'xn--ggle-55da.com'],
    ['login.xn--ggle-55da.com', 'xn--ggle-55da.com'],
    ['WWW.Example.COM.', 'example.com'],
    ['localhost', 'localhost'],
    ['widget.localhost', 'widget.localhost'],
    ['127.0.0.1', '127.0.0.1'],
    ['[::1]', '[::1]'],
    ['co.uk', 'co.uk'],
    ['github.io', 'github.io'],
  ])('%s → %s', (host, domain) => {
    expect(registrableDomain(host)).toBe(domain)
  })
})

describe('shortHost', () => {
  it('leaves a host that fits whole', () => {
    expect(shortHost('accounts.google.com', 'google.com')).toBe('accounts.google.com')
  })

  it('cuts a long look-alike host from the left, at a label, keeping the domain whole', () => {
    const host = `accounts.google.com.${'a'.repeat(60)}.${'b'.repeat(30)}.evil.example`
    const shown = shortHost(host, 'evil.example')
    expect(shown).toBe(`….${'b'.repeat(30)}.evil.example`)
    expect(shown.length).toBeLessThanOrEqual(HOST_SHOWN)
    expect(shown).not.toContain('google')
  })

  it('shows a domain longer than the limit whole, after the ellipsis', () => {
    const domain = `${'d'.repeat(60)}.example`
    expect(shortHost(`www.${'w'.repeat(40)}.${domain}`, domain)).toBe(`….${domain}`)
  })
})
