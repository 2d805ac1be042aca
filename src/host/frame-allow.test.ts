import { describe, expect, it } from 'vitest'
import { frameAllow, IFRAME_ALLOW } from './frame-allow.js'

/** A document whose `featurePolicy` lists `features` (or throws, with `null`). */
const docWith = (features: string[] | null) =>
  ({
    featurePolicy: {
      features: () => {
        if (!features) throw new Error('no policy')
        return features
      },
    },
  }) as unknown as Document

describe('the widget frame’s allow list', () => {
  it.each([
    ['a browser with no policy object (Firefox, WebKit)', {} as Document, IFRAME_ALLOW],
    [
      'Chromium without the origin-trial token: no line in the console about it',
      docWith(['clipboard-write', 'storage-access']),
      'clipboard-write; storage-access',
    ],
    [
      'Chromium with the token (or the Blink switch): the policy where it is enforced',
      docWith(['clipboard-write', 'focus-without-user-activation']),
      "clipboard-write; storage-access; focus-without-user-activation 'none'",
    ],
    ['a policy object that throws', docWith(null), IFRAME_ALLOW],
  ])('%s', (_, doc, expected) => {
    expect(frameAllow(doc)).toBe(expected)
  })
})
