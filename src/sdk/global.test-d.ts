import { expectTypeOf, test } from 'vitest'
import type { Platform } from './index.js'
import './global.js'

test('the script tag global is typed', () => {
  expectTypeOf(window.platform).toEqualTypeOf<Platform>()
  expectTypeOf(window.platform.getSessionToken).returns.resolves.toBeString()
  // Any scope name compiles (the platform decides which exist); a number does not.
  void window.platform.getSessionToken({ scope: ['provider.appointment.webhook'] })
  // @ts-expect-error: scope names are strings
  void window.platform.getSessionToken({ scope: [42] })
})
