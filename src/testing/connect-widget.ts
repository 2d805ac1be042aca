import { PortMessenger } from 'penpal'
import type { Host } from '../host/index.js'
import { createPlatform, type ScopeName } from '../sdk/index.js'
import type { TestHostSeams } from './test-host-types.js'

/** The real SDK connected to `host` as `app_key` over a `MessageChannel`. */
export function connectWidget(
  host: Host,
  app_key: string,
  panelOrigin: string,
  seams: TestHostSeams,
) {
  const { port1, port2 } = new MessageChannel()
  const hostMessenger = seams.hostMessenger ?? ((port) => new PortMessenger({ port }))
  const widgetMessenger = seams.widgetMessenger ?? ((port) => new PortMessenger({ port }))
  const session = host.connect(
    app_key,
    () => hostMessenger(port1),
    seams.onResize ? { onResize: seams.onResize } : undefined,
  )
  const platform = createPlatform({
    trustedOrigins: [panelOrigin],
    messenger: () => widgetMessenger(port2),
    ...seams.platform,
  })
  const requestedScopes: ScopeName[][] = []
  const getSessionToken = platform.getSessionToken
  platform.getSessionToken = (request) => {
    // As the host reads it: one space-separated string is split (the original SDK's form).
    const scope = (request as { scope?: unknown } | undefined)?.scope
    const list = typeof scope === 'string' ? scope.split(' ').filter((s) => s) : scope
    requestedScopes.push(Array.isArray(list) ? [...list] : [])
    return getSessionToken(request)
  }
  /** Ends both sides; `then` (the host's end) runs before the channel's ports close. */
  const close = (then: () => void) => {
    platform.destroy()
    session.destroy()
    then()
    port1.close()
    port2.close()
  }
  return { platform, session, requestedScopes, close }
}
