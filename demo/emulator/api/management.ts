// Spec 4.5 (widget management): widget channels, the provider profiles where a widget is active
// and in which placements. Scheme `ApiKeyAuth`, header `x-api-key`.

import { createRoute, z } from '@hono/zod-openapi'
import { CONTEXTS } from 'platform-widget-sdk/events'
import type { AppConfig } from '../../shared/config-types.js'
import type { Channel } from '../state.js'
import { ApiError, AppKeyParam, createRouter, errors, iso, type Kit, ok } from './kit.js'
import { apiKeySecurity, developerKey } from './middleware.js'

const Placements = z
  .array(z.enum(CONTEXTS))
  .min(1)
  .openapi({ description: 'The pages of the profile the widget shows in' })

const ChannelRecord = z
  .object({
    provider_id: z.string(),
    enabled: z.boolean(),
    placements: Placements,
    enabled_at: z.string().nullable(),
    updated_at: z.string(),
  })
  .openapi('Channel')

const ChannelParams = AppKeyParam.extend({
  provider_id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'provider_id', in: 'path' }, example: 'dr-1' }),
})

const EnableChannel = z
  .object({ placements: Placements.optional() })
  .openapi('EnableChannelRequest', {
    description: "Placements to set; without them, the widget's registered contexts",
  })

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
const common = (kit: Kit) => ({
  tags: ['management'],
  security: apiKeySecurity,
  middleware: [developerKey(kit)],
})
const path = '/api/v1/apps/{app_key}/channels/{provider_id}'

/** The profiles where the widget is active, and one of them. */
function channelReadRoutes(kit: Kit) {
  const router = createRouter()
  router.openapi(
    createRoute({
      ...common(kit),
      operationId: 'listChannels',
      summary: 'The profiles where the widget is active',
      method: 'get',
      path: '/api/v1/apps/{app_key}/channels/',
      request: { params: AppKeyParam },
      responses: { ...ok(z.object({ channels: z.array(ChannelRecord) })), ...errors(401) },
    }),
    (c) =>
      c.json(
        { channels: [...channelsOf(kit, c.var.app.app_key).values()].map((ch) => view(ch)) },
        200,
      ),
  )

  router.openapi(
    createRoute({
      ...common(kit),
      operationId: 'getChannel',
      summary: 'The widget on one profile',
      method: 'get',
      path,
      request: { params: ChannelParams },
      responses: { ...ok(ChannelRecord), ...errors(401, 404) },
    }),
    (c) => {
      const { provider_id } = c.req.valid('param')
      const channel = channelsOf(kit, c.var.app.app_key).get(provider_id)
      if (!channel) throw notActive(provider_id)
      return c.json(view(channel), 200)
    },
  )

  return router
}

/** Enable the widget on a profile (or edit its placements), disable it. */
function channelWriteRoutes(kit: Kit) {
  const router = createRouter()
  router.openapi(
    createRoute({
      ...common(kit),
      operationId: 'enableChannel',
      summary: 'Enable the widget on a profile, or edit its placements',
      method: 'put',
      path,
      request: {
        params: ChannelParams,
        body: { content: { 'application/json': { schema: EnableChannel } } },
      },
      responses: { ...ok(ChannelRecord), ...errors(400, 401, 404) },
    }),
    (c) => {
      const { provider_id } = c.req.valid('param')
      const registered = c.var.app
      const provider = kit.state.users.get(provider_id)
      if (provider?.kind !== 'provider') {
        throw new ApiError(404, 'PROVIDER_NOT_FOUND', `No provider profile "${provider_id}"`)
      }
      const { placements } = c.req.valid('json')
      return c.json(view(enableChannel(kit, registered, provider_id, placements)), 200)
    },
  )

  router.openapi(
    createRoute({
      ...common(kit),
      operationId: 'disableChannel',
      summary: 'Disable the widget on a profile',
      method: 'delete',
      path,
      request: { params: ChannelParams },
      responses: { ...ok(ChannelRecord, 'The channel, now disabled'), ...errors(401, 404) },
    }),
    (c) => {
      const { provider_id } = c.req.valid('param')
      const channel = disableChannel(kit, c.var.app.app_key, provider_id)
      if (!channel) throw notActive(provider_id)
      return c.json(view(channel, { enabled: false }), 200)
    },
  )
  return router
}

export function managementRouter(kit: Kit) {
  return createRouter().route('/', channelReadRoutes(kit)).route('/', channelWriteRoutes(kit))
}
