// Spec 4.5 (widget management): widget channels, the provider profiles where a widget is active
// and in which placements. Scheme `ApiKeyAuth`, header `x-api-key`.

import type { AppConfig } from '../../shared/config-types.js'
import type { Channel } from '../chat-records.js'
import { operation } from './document.js'
import { ApiError, createRouter, iso, type Kit } from './kit.js'
import { developerKey } from './middleware.js'

function channelsOf(kit: Kit, app_key: string): Map<string, Channel> {
  let channels = kit.state.channels.get(app_key)
  if (!channels) {
    channels = new Map()
    kit.state.channels.set(app_key, channels)
  }
  return channels
}

/**
 * Enables `registered` on the profile of `provider_id`, or edits its placements (without them:
 * the ones it has, else the widget's registered contexts). The management API's PUT and the
 * panel's `widget.addToProfile()` (through /internal) both record the channel here.
 */
export function enableChannel(
  kit: Kit,
  registered: AppConfig,
  provider_id: string,
  placements?: Channel['placements'],
): Channel {
  const channels = channelsOf(kit, registered.app_key)
  const existing = channels.get(provider_id)
  const channel: Channel = {
    provider_id,
    placements: [...new Set(placements ?? existing?.placements ?? registered.contexts)],
    enabled_at: existing?.enabled_at ?? kit.now(),
    updated_at: kit.now(),
  }
  channels.set(provider_id, channel)
  return channel
}

/** Disables `app_key` on the profile of `provider_id`: the channel it had, or `undefined`. */
export function disableChannel(
  kit: Kit,
  app_key: string,
  provider_id: string,
): Channel | undefined {
  const channels = channelsOf(kit, app_key)
  const channel = channels.get(provider_id)
  if (!channel) return undefined
  channels.delete(provider_id)
  channel.updated_at = kit.now()
  return channel
}

const view = (ch: Channel, { enabled = true }: { enabled?: boolean } = {}) => ({
  provider_id: ch.provider_id,
  enabled,
  placements: ch.placements,
  enabled_at: enabled ? iso(ch.enabled_at) : null,
  updated_at: iso(ch.updated_at),
})
const notActive = (provider_id: string) =>
  new ApiError(404, 'CHANNEL_NOT_FOUND', `The widget is not active on profile "${provider_id}"`)
/** The profiles where the widget is active, and one of them. */
function channelReadRoutes(kit: Kit) {
  const router = createRouter()
  const key = [developerKey(kit)]
  router.openapi(operation('listChannels', key), (c) =>
    c.json(
      { channels: [...channelsOf(kit, c.var.app.app_key).values()].map((ch) => view(ch)) },
      200,
    ),
  )

  router.openapi(operation('getChannel', key), (c) => {
    const { provider_id } = c.req.valid('param')
    const channel = channelsOf(kit, c.var.app.app_key).get(provider_id)
    if (!channel) throw notActive(provider_id)
    return c.json(view(channel), 200)
  })

  return router
}

/** Enable the widget on a profile (or edit its placements), disable it. */
function channelWriteRoutes(kit: Kit) {
  const router = createRouter()
  const key = [developerKey(kit)]
  router.openapi(operation('enableChannel', key), (c) => {
    const { provider_id } = c.req.valid('param')
    const registered = c.var.app
    const provider = kit.state.users.get(provider_id)
    if (provider?.kind !== 'provider') {
      throw new ApiError(404, 'PROVIDER_NOT_FOUND', `No provider profile "${provider_id}"`)
    }
    const { placements } = c.req.valid('json')
    return c.json(view(enableChannel(kit, registered, provider_id, placements)), 200)
  })

  router.openapi(operation('disableChannel', key), (c) => {
    const { provider_id } = c.req.valid('param')
    const channel = disableChannel(kit, c.var.app.app_key, provider_id)
    if (!channel) throw notActive(provider_id)
    return c.json(view(channel, { enabled: false }), 200)
  })
  return router
}

export function managementRouter(kit: Kit) {
  return createRouter().route('/', channelReadRoutes(kit)).route('/', channelWriteRoutes(kit))
}
