// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { diagnosePage, framingRefusal } from './diagnose.js'

const PANEL = 'http://127.0.0.1:4400'
const PAGE = 'http://localhost:5173/app/'

describe('framingRefusal', () => {
  it.each([
    [{}, undefined],
    [{ 'x-frame-options': 'DENY' }, 'X-Frame-Options: DENY'],
    [{ 'x-frame-options': 'sameorigin' }, 'X-Frame-Options: sameorigin'],
    [
      { 'content-security-policy': "frame-ancestors 'none'" },
      "Content-Security-Policy: frame-ancestors 'none'",
    ],
    [
      { 'content-security-policy': "default-src 'self'; frame-ancestors 'self'" },
      "Content-Security-Policy: frame-ancestors 'self'",
    ],
    [
      { 'content-security-policy': 'frame-ancestors https://panel.example' },
      'Content-Security-Policy: frame-ancestors https://panel.example',
    ],
    [{ 'content-security-policy': `frame-ancestors ${PANEL}` }, undefined],
    [{ 'content-security-policy': 'frame-ancestors http://127.0.0.1:*' }, undefined],
    [{ 'content-security-policy': 'frame-ancestors http:' }, undefined],
    [{ 'content-security-policy': 'frame-ancestors *' }, undefined],
    // frame-ancestors wins over X-Frame-Options, as in browsers.
    [
      { 'content-security-policy': `frame-ancestors ${PANEL}`, 'x-frame-options': 'DENY' },
      undefined,
    ],
  ])('%j: %s', (headers, refusal) => {
    expect(framingRefusal(new Headers(headers), PANEL, PAGE)).toBe(refusal)
  })
})

describe('diagnosePage', () => {
  const answer = (status: number, headers: Record<string, string> = {}) =>
    (async () => new Response('x', { status, headers })) as unknown as typeof fetch
  it('an HTTP error, a framing refusal, a page that would show, a server that is down', async () => {
    expect(await diagnosePage(PAGE, PANEL, answer(404))).toEqual({
      reason: 'http-error',
      status: 404,
    })
    expect(await diagnosePage(PAGE, PANEL, answer(200, { 'x-frame-options': 'DENY' }))).toEqual({
      reason: 'refused-framing',
      detail: 'X-Frame-Options: DENY',
    })
    expect(await diagnosePage(PAGE, PANEL, answer(200))).toBeUndefined()
    const down = (async () => {
      throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } })
    }) as unknown as typeof fetch
    expect(await diagnosePage(PAGE, PANEL, down)).toEqual({
      reason: 'unreachable',
      detail: 'ECONNREFUSED',
    })
  })
})
