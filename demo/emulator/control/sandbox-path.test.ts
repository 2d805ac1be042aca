// A sandbox's id written with percent escapes (`sbx%5F…`, as a client that encodes path segments
// may send it) still routes to the path after it: the prefix is cut from the raw path by its raw
// segment, not by the decoded id's length.

import { describe, expect, it } from 'vitest'
import { controlHarness } from '../test-harness.js'

describe('/sandboxes/{id}/… with an encoded id', () => {
  it('answers the route after the id, over the sandbox', async () => {
    const h = controlHarness()
    const made = await h.call('POST', '/control/v1/sandboxes', { json: {} })
    expect(made.status).toBe(201)
    const id = made.body.id as string
    const encoded = `sbx%5F${id.slice(4)}`

    await h.call('PUT', `/sandboxes/${id}/control/v1/scenario`, {
      json: { decline_next_payments: 3 },
    })
    const reset = await h.call('POST', `/sandboxes/${encoded}/control/v1/reset`)
    expect(reset.status, JSON.stringify(reset.body)).toBe(200)
    const scenario = await h.call('GET', `/sandboxes/${id}/control/v1/scenario`)
    expect(scenario.body.decline_next_payments).toBe(0)

    const doc = await h.call('GET', `/sandboxes/${encoded}/control/v1/openapi.json`)
    expect(doc.status).toBe(200)
    expect(doc.body.info.title).toBe('Platform emulator control API')
  })
})
