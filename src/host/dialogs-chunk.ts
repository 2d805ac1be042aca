// What the host loads apart from `createHost`: the call pipeline with the operations' table
// (their checks), every operation's handler, the dialog layer they open, with their styles and
// words, the consent the sign-in page asks with, how a call reaches the backend, and what only a
// widget's calls read: its guard (limits and cool-down, kept across the tab's pages), its calls'
// deadlines, the host's dialog slot and the following of its height. A bundler splits it at
// `import()` in `lazy.ts`.

export { withBackend } from '../host-kit/backend-call.js'
export { sessionToken } from '../host-kit/consent.js'
export { createDialogLayer } from '../host-kit/dialog/dialog.js'
export { createSlot } from '../host-kit/dialog/slot.js'
export { createGuard } from '../host-kit/guard.js'
export { panelTabStore } from '../host-kit/tab-limits.js'
export { deadlineTimer } from '../transport/deadlines.js'
export { HANDLERS } from './handlers.js'
export { followHeight } from './height.js'
export { runCall } from './pipeline.js'
