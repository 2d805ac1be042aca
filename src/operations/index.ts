/**
 * The bridge's operations, in order. Each is declared once, in its own folder
 * (`src/operations/<name>/contract.ts`: the SDK calls that send it, its argument check, its
 * request and result types, the dialogs it may open, the contexts it has an effect in, its
 * deadline and one example argument). The host's allow-list, dispatch and trace checks, the SDK's
 * namespace (through `sdk-calls.ts`, generated from this table), the lazy and top-level stubs, the
 * docs' table and the test matrices are all derived from this table;
 * `test/operation-layers.test.ts` adds a fake operation folder and fails naming any layer that does
 * not pick it up. Not published. Of the rest of src it imports only the contracts and src/events
 * (biome.json's import rules): src/events imports nothing from here.
 *
 * Adding an operation: its folder (`contract.ts`, its validator if only it uses one,
 * `contract.test.ts`, the host's `handler.ts`, for a call of `window.platform` `sdk.ts`: its
 * `<Name>Call` interface, with the call's JSDoc, and for a dialog with words of its own
 * `words.ts`: both locales), one import and one entry here, then
 * `npm run gen:operations` for the SDK's `sdk-calls.ts` and `Platform` calls
 * (`src/sdk/operation-calls.ts`), `method-names.ts` (`TraceMethod`), the host's handler registry
 * (`src/host/handlers.ts`) and the docs' table. `tsc` fails for a row without its handler or
 * `sdk.ts`, or whose `sdk.ts` disagrees with the row.
 */

import type { Operation } from '../events/operation.js'
import type { Outcome } from '../events/wire.js'
import { bye } from './bye/contract.js'
import { flow } from './flow/contract.js'
import { getSessionToken } from './getSessionToken/contract.js'
import { initialize } from './initialize/contract.js'
import { openLink } from './openLink/contract.js'
import { pay } from './pay/contract.js'
import { payForDoctorService } from './payForDoctorService/contract.js'
import { profile } from './profile/contract.js'
import { redirect } from './redirect/contract.js'
import { resize } from './resize/contract.js'
import { smsActivate } from './smsActivate/contract.js'
import { smsCharge } from './smsCharge/contract.js'
import { subscribe } from './subscribe/contract.js'

export type { Operation } from '../events/operation.js'

/** The table. Its order is the SDK's and the docs' order. */
export const OPERATIONS = {
  initialize,
  getSessionToken,
  openLink,
  redirect,
  flow,
  pay,
  subscribe,
  payForDoctorService,
  smsActivate,
  smsCharge,
  profile,
  resize,
  bye,
}

export type OperationTable = typeof OPERATIONS
export type HostMethodName = keyof OperationTable

/** Every SDK call's path in `window.platform` (`sms.activate`). */
export type SdkPath = OperationTable[HostMethodName]['sdk'][number]

/** Every dialog a host operation may open. */
export type DialogKind = OperationTable[HostMethodName]['dialogs'][number]

/** The request a host method takes. */
export type HostRequest<K extends HostMethodName> = NonNullable<
  OperationTable[K]['types']
>['request']
/** What a host method answers when it succeeds. */
export type HostValue<K extends HostMethodName> = NonNullable<OperationTable[K]['types']>['result']

/**
 * The SDK's compact view of a table (what `sdk-calls.ts` holds): one word per SDK call, its path,
 * then `=method` when the method is named otherwise, then `!` when it gets the dialog deadline.
 * Methods the SDK sends by itself are left out.
 */
export function sdkCalls(table: Record<string, Operation> = OPERATIONS): string {
  return Object.entries(table)
    .flatMap(([method, row]) =>
      row.sdk.map(
        (path) =>
          `${path}${path === method ? '' : `=${method}`}${row.deadline === 'dialogCall' ? '!' : ''}`,
      ),
    )
    .join(' ')
}

/**
 * What the host exposes to a widget over the bridge, one method per row of the table. Every
 * method takes one plain-data argument and answers an {@link Outcome}; the host validates every
 * argument itself.
 */
export type HostMethods = {
  [K in HostMethodName]: (request: HostRequest<K>) => Promise<Outcome<HostValue<K>>>
}
