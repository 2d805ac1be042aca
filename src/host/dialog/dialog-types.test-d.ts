// The published `DialogKind` (the `./host` and `./testing` entries) is written out as a union by
// the operation table's generator (src/events/method-names.ts), so that a panel engineer reads the
// kinds in the types and the API report; the table (src/operations/index.ts) derives the dialogs
// its rows may open. Both must name the same kinds (a stale generated file fails here):
// a kind in a row that the host's type lacks, or one the host's type keeps that no row opens,
// fails `npm run typecheck` here.
import { expectTypeOf, it } from 'vitest'
import type { DialogKind as TableDialogKind } from '../../operations/index.js'
import type { DialogKind } from './dialog-types.js'

it('names exactly the dialogs the operation table opens', () => {
  expectTypeOf<DialogKind>().toEqualTypeOf<TableDialogKind>()
})
