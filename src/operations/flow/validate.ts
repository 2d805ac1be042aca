import { invalid } from '../../events/errors.js'
import { FLOW_KEYS } from '../../events/protocol.js'
import { isPlainObject, type Plain, record, validatePayload } from '../../events/validate.js'
import type { FlowRequest } from './types.js'

/** `flow.dispatch`'s argument: a known flow key, and options that are plain data. */
export function validateFlow(value: unknown): FlowRequest {
  const r = record(value, 'flow', ['flowKey', 'options'])
  if (!FLOW_KEYS.includes(r.flowKey as never)) {
    throw invalid(
      'flowKey',
      `expected ${FLOW_KEYS.join(' or ')}, got ${JSON.stringify(r.flowKey) ?? 'undefined'}`,
    )
  }
  const out: FlowRequest = { flowKey: r.flowKey as FlowRequest['flowKey'] }
  if (r.options !== undefined) {
    if (!isPlainObject(r.options)) throw invalid('options', 'expected an object')
    out.options = validatePayload(r.options, 'options') as Plain
  }
  return out
}
