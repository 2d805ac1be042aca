// What `flow` sends: its folder's own types, which the contract, the validator, the SDK's call
// and the handler import; the `./events` entry and the SDK publish them.
import type { FlowKey } from '../../events/index.js'

export interface FlowRequest {
  flowKey: FlowKey
  options?: Record<string, unknown>
}
