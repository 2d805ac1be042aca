// The inspector's "Platform calls": what the widget's backend asked the emulator (its open APIs),
// read from the emulator's platform-call log, each linked to the bridge call that led to it: the
// `getSessionToken` whose token the backend exchanged (and every call made with that access
// token), or the payment whose receipt it names. Bodies come from the backend (hostile): text.

import type { PlatformCall } from '../../shared/call-types.js'
import { h } from './dom.js'
import { formatNumber, type Locale, type Strings } from './i18n.js'
import { clock, cut, ltr, receiptOf } from './inspector-rows.js'
import type { CallRecord } from './trace-log.js'

/** One entry of the emulator's log (`GET /internal/calls`): the emulator's own type. */
export type { PlatformCall }

/** The session token a `getSessionToken` answered (a string, or an object holding one). */
function sessionTokenOf(call: CallRecord): string | undefined {
  if (call.method !== 'getSessionToken' || !call.result?.ok) return undefined
  const value = call.result.value
  if (typeof value === 'string') return value
  const inner = (value as { session_token?: unknown; token?: unknown } | null) ?? {}
  const token = inner.session_token ?? inner.token
  return typeof token === 'string' ? token : undefined
}

/** SHA-256 of `text`, 16 hex digits: the emulator's `links.session`. */
export async function fingerprint(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest).slice(0, 8)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
}

/** Fingerprints of the tokens the widget's bridge calls answered, computed once each. */
export function createLinker() {
  const known = new Map<number, string>()
  return {
    /** The bridge call each platform call came from, where one is known. */
    async link(bridge: CallRecord[], calls: PlatformCall[]): Promise<Map<number, CallRecord>> {
      for (const call of bridge) {
        const token = known.has(call.call_id) ? undefined : sessionTokenOf(call)
        if (token) known.set(call.call_id, await fingerprint(token))
      }
      const bySession = new Map<string, CallRecord>()
      const byReceipt = new Map<unknown, CallRecord>()
      for (const call of bridge) {
        const fp = known.get(call.call_id)
        if (fp) bySession.set(fp, call)
        const receipt = receiptOf(call)
        if (typeof receipt === 'string') byReceipt.set(receipt, call)
      }
      const links = new Map<number, CallRecord>()
      for (const call of calls) {
        const from =
          (call.links.receipt && byReceipt.get(call.links.receipt)) ||
          (call.links.session && bySession.get(call.links.session))
        if (from) links.set(call.id, from)
      }
      return links
    },
    reset: () => known.clear(),
  }
}

/**
 * The "Platform calls" list of the widget shown, redrawn when its calls or their links changed
 * (links need a digest: async).
 */
export function createPlatformList(list: HTMLElement, locale: Locale, t: Strings['inspector']) {
  const linker = createLinker()
  let sig = ''
  return {
    /** `reads` is read again after the digests: the newest calls are drawn. */
    async draw(
      all: CallRecord[],
      reads: { platformCalls: PlatformCall[]; platformProblem: string },
      stillShown: () => boolean,
    ): Promise<void> {
      const links = await linker.link(all, reads.platformCalls)
      if (!stillShown()) return
      const { platformCalls, platformProblem } = reads
      const next = JSON.stringify([
        platformProblem,
        platformCalls.map((c) => [c.id, links.get(c.id)?.call_id]),
      ])
      if (next === sig) return
      sig = next
      list.replaceChildren(
        ...(platformProblem
          ? [h('li', { class: 'error' }, t.platformError, ': ', platformProblem)]
          : []),
        ...(platformCalls.length
          ? [...platformCalls].reverse().map((c) => platformRow(c, links.get(c.id), locale, t))
          : [h('li', { class: 'muted' }, t.noPlatform)]),
      )
    },
    /** Another widget is shown. */
    reset() {
      sig = ''
      linker.reset()
    },
  }
}

/** Characters of a body shown; the emulator keeps 8 KiB of each at most. */
const BODY = 8 * 1024

/** One platform call: time, method, path, status, duration, its bridge call, then its bodies. */
export function platformRow(
  call: PlatformCall,
  cause: CallRecord | undefined,
  locale: Locale,
  t: Strings['inspector'],
): HTMLLIElement {
  const failed = call.status >= 400
  return h(
    'li',
    { class: `platform-call${failed ? ' failed' : ''}`, 'data-id': String(call.id) },
    h(
      'div',
      { class: 'call-head' },
      h('time', { datetime: call.at }, clock(Date.parse(call.at), locale)),
      ltr('method', call.method),
      ltr('kind', cut(call.path, 120)),
      h('span', { class: 'outcome' }, ltr(failed ? 'code' : 'value', String(call.status))),
      h('span', { class: 'duration' }, t.ms(formatNumber(Math.round(call.duration_ms), locale))),
    ),
    cause
      ? h(
          'p',
          { class: 'cause' },
          t.fromCall(formatNumber(cause.call_id, locale)),
          ' ',
          ltr('kind', cause.method),
        )
      : null,
    h(
      'details',
      { class: 'args' },
      h('summary', {}, t.bodies),
      ...(
        [
          [t.request, call.request],
          [t.response, call.response],
        ] as const
      ).map(([label, part]) =>
        h(
          'div',
          {},
          h('p', { class: 'muted' }, label, part.truncated ? ` (${t.truncated})` : ''),
          h('pre', { dir: 'ltr' }, cut(part.body ?? '', BODY)),
        ),
      ),
    ),
  )
}
