// The published `TraceMethod` and `DialogKind` (the `./host` and `./testing` entries) are written
// out as unions by the operation table's generator (src/events/method-names.ts), so that a panel
// engineer reads them in the types and the API report; the table (src/operations/index.ts)
// derives its methods and the dialogs its rows may open. Both must name the same ones (a stale
// generated file fails here): a name one side has and the other lacks fails `npm run typecheck`.
import { expectTypeOf, it } from 'vitest'
import type { DialogKind } from '../host-kit/dialog/dialog-types.js'
import type { TraceMethod } from '../host-kit/trace.js'
import type { HostMethodName, DialogKind as TableDialogKind } from '../operations/index.js'

it('names exactly the dialogs the operation table opens', () => {
  expectTypeOf<DialogKind>().toEqualTypeOf<TableDialogKind>()
})

it('names exactly the methods the operation table has', () => {
  expectTypeOf<TraceMethod>().toEqualTypeOf<HostMethodName>()
})
