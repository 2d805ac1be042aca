import { isPlatformError, PlatformError } from '../events/index.js'
import type { Platform } from './api.js'
import type { TopLevelOptions } from './toplevel.js'
import { withCalls } from './with-calls.js'

/**
 * `window.platform` on a top-level page, in the script tag: the same shape at once, each call
 * loading `src` (dist/platform-top.js, `createTopLevelPlatform`) as a classic script the first
 * time, then forwarding to it. A page in a panel never loads it.
 */
export function lazyPlatform(src: string, options: TopLevelOptions): Platform {
  let loaded: Promise<Platform> | undefined
  const load = () =>
    (loaded ??= new Promise((resolve, reject) => {
      const tag = document.createElement('script')
      tag.src = src
      tag.onload = () =>
        resolve(
          (
            window as unknown as {
              platformTop: { createTopLevelPlatform(o: TopLevelOptions): Platform }
            }
          ).platformTop.createTopLevelPlatform(options),
        )
      tag.onerror = () => {
        loaded = undefined
        reject(new PlatformError('HOST_UNREACHABLE', `Could not load ${src}`))
      }
      document.head.append(tag)
    }))
  // The same shape at once: every call of the operation table, forwarded once loaded.
  return withCalls<Platform>(
    { version: __PLATFORM_SDK_VERSION__, isPlatformError, on: () => () => {}, destroy() {} },
    (path) =>
      (...args: unknown[]) =>
        load().then((p) =>
          // The table's path (`sms.activate`), walked on the loaded platform.
          (
            path
              .split('.')
              .reduce(
                (o, k) => o[k] as never,
                p as unknown as Record<string, unknown>,
              ) as unknown as (...x: unknown[]) => unknown
          )(...args),
        ),
  )
}
