import { expectTypeOf, test } from 'vitest'
import type { Platform } from './index.js'
import './global.js'

test('the script tag global is typed', () => {
  expectTypeOf(window.platform).toEqualTypeOf<Platform>()
  expectTypeOf(window.platform.getSessionToken).returns.resolves.toBeString()
  // @ts-expect-error: an unknown scope literal does not compile
  void window.platform.getSessionToken({ scope: ['provider.everything'] })
})
