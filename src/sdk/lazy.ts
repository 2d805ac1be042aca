import { PlatformError } from '../events/index.js'
import type { Platform } from './platform.js'
import type { TopLevelOptions } from './toplevel.js'

/** Every call of `window.platform`, by path: the shape widgets feature-detect synchronously. */
const CALLS =
  'initialize getSessionToken openLink redirect.dispatch flow.dispatch payment.pay payment.subscribe payment.payForDoctorService sms.activate sms.charge widget.addToProfile widget.removeFromProfile widget.refreshProfile widget.refreshPorifle'

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
  const platform: Record<string, unknown> = {
    version: __PLATFORM_SDK_VERSION__,
    on: () => () => {},
    destroy() {},
  }
  for (const path of CALLS.split(' ')) {
    const [a, b] = path.split('.') as [string, string | undefined]
    const call = (...args: unknown[]) =>
      load().then((p) => {
        const owner = p as unknown as Record<string, Record<string, (...x: unknown[]) => unknown>>
        return b
          ? owner[a]![b]!(...args)
          : (owner[a] as unknown as (...x: unknown[]) => unknown)(...args)
      })
    if (b) {
      platform[a] ??= {}
      ;(platform[a] as Record<string, unknown>)[b] = call
    } else platform[a] = call
  }
  return platform as unknown as Platform
}
