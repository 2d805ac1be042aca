// What the host loads apart from `createHost`: the call pipeline with the operations' table
// (their checks), every operation's handler, the dialog layer they
// open, with their styles and words, and the consent the sign-in page asks with, and how it calls
// the backend. A bundler splits it at `import()` in `lazy.ts`.
export { withBackend } from './backend-call.js'
export { sessionToken } from './consent.js'
export { createDialogLayer } from './dialog/dialog.js'
export { HANDLERS } from './handlers.js'
export { runCall } from './pipeline.js'
