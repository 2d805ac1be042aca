// "Copy as test": a recorded sequence of one widget's bridge calls as a vitest file for the test
// kit's `createTestHost`. Every value in it came from the widget (hostile): each is written as a
// JavaScript literal built from JSON-quoted strings and checked numbers, never pasted as code,
// and none is put in a comment.

import { literal, prop, tryLiteral } from './literal.js'
import { REPLAY } from './replay-calls.js'
import { type CallRecord, Withheld } from './trace-log.js'

export { literal }

/** The widget as the panel registered it, and the page's context. */
export interface TestTarget {
  app_key: string
  name: string
  context: 'doctor-panel' | 'booking-flow' | 'doctor-profile'
  scopes: string[]
  products: unknown[]
  plans: unknown[]
}

/** The SMS top-up the host offers first (`DEFAULT_SMS_PACKAGES[0]`); another count is a `{ count }`. */
export interface TestOptions {
  firstSmsCount?: number
  /** When it was recorded, for the file's first line. Default now. */
  recordedAt?: Date
}

/** Codes that depend on timing or on another call in flight: replayed in order, they do not recur. */
const TIMING = new Set([
  'DIALOG_BUSY',
  'DIALOG_COOLDOWN',
  'RATE_LIMITED',
  'TIMEOUT',
  'CONNECTION_CLOSED',
  'PANEL_FRAMED',
  'POPUP_BLOCKED',
])

/** The test kit's backend behaviour that makes a call fail, by method. */
const BEHAVIOR: Record<string, string> = {
  getSessionToken: 'token',
  pay: 'pay',
  subscribe: 'subscribe',
  payForDoctorService: 'doctorService',
  smsActivate: 'smsActivate',
  smsCharge: 'smsCharge',
  profile: 'profile',
}

/** The SDK's own calls, which a widget does not make: the kit initializes, the SDK resizes and ends. */
const NOT_THE_WIDGETS = new Set(['initialize', 'resize', 'bye'])

/**
 * The SDK call a host method is, with its recorded argument, or why it has none: a method of the
 * table sent by one call is written from `REPLAY` (generated from the table), so a new operation
 * is replayed without a line here; `flow` and `profile` take other argument forms.
 */
function sdkCall(call: CallRecord): { sdk: string } | { skip: string } {
  const args = literal(call.args)
  const action = (call.args as { action?: unknown } | null)?.action
  if (NOT_THE_WIDGETS.has(call.method)) return { skip: 'not a widget call' }
  if (call.method === 'flow') {
    const { flowKey, options } = (call.args ?? {}) as { flowKey?: unknown; options?: unknown }
    return {
      sdk: `kit.platform.flow.dispatch(${literal(flowKey)}${options === undefined ? '' : `, ${literal(options)}`})`,
    }
  }
  if (call.method === 'profile') {
    if (action === 'add') return { sdk: 'kit.platform.widget.addToProfile()' }
    if (action === 'remove') return { sdk: 'kit.platform.widget.removeFromProfile()' }
    if (action === 'refresh') return { sdk: 'kit.platform.widget.refreshProfile()' }
    return { skip: 'its profile action is none the SDK sends' }
  }
  const replay = Object.hasOwn(REPLAY, call.method) ? REPLAY[call.method] : undefined
  if (!replay) return { skip: `the panel knows no SDK call that sends ${call.method}` }
  return { sdk: `kit.platform.${replay.path}(${replay.argument ? args : ''})` }
}

/** Why a recorded call is not replayed, or undefined when it is. */
function skipReason(call: CallRecord): string | undefined {
  if (call.args instanceof Withheld) {
    return call.args.why === 'untraced'
      ? 'the host traced no arguments (it refused the call before they passed its checks)'
      : 'its arguments were too large for the inspector to keep'
  }
  if (!call.result) return 'it had not ended when copied'
  const value = call.result.ok ? call.result.value : undefined
  if (value instanceof Withheld || call.events.some((e) => e.result instanceof Withheld)) {
    return 'its result was too large for the inspector to keep'
  }
  for (const [what, v] of [
    ['arguments', call.args],
    ['result', value],
  ] as const) {
    const written = tryLiteral(v)
    if ('cut' in written) return `its ${what} are too large to write out (${written.cut})`
  }
  if (!call.result.ok && TIMING.has(call.result.error.code)) {
    return `it ended with ${call.result.error.code}, which depends on timing`
  }
  if (call.result.ok === false && call.result.unanswered) return 'the host did not answer it'
  // `error`: confirmed, then the backend failed; the kit's backend is told to fail the same way.
  if (call.dialogs.some((d) => !['confirm', 'cancel', 'close', 'error'].includes(d.answer))) {
    return 'its dialog did not end by an answer of the user'
  }
  return undefined
}

/** What the replayed call should resolve with: the recorded value, ids and texts of the backend loosened. */
function expected(call: CallRecord, value: unknown, firstSmsCount: number | undefined): string {
  if (call.method === 'getSessionToken') return 'expect.any(String)'
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return literal(value)
  const payload = (call.args as { payload?: unknown } | null)?.payload
  const parts: string[] = []
  for (const [key, field] of Object.entries(value)) {
    // Made by the platform: another receipt, another wording in the test kit's backend.
    if (key === 'receipt_id' || key === 'message') parts.push(`${prop(key)}: expect.any(String)`)
    else if (
      key === 'price' &&
      call.method === 'smsCharge' &&
      value &&
      !isFirst(value, firstSmsCount)
    )
      parts.push(`${prop(key)}: expect.any(Number)`)
    // The platform stores a payload as JSON; the kit's backend gives back what was sent.
    else if (key === 'payload' && payload !== undefined)
      parts.push(`${prop(key)}: ${literal(payload)}`)
    else parts.push(`${prop(key)}: ${literal(field)}`)
  }
  return `{ ${parts.join(', ')} }`
}

const isFirst = (value: object, first: number | undefined) =>
  (value as { count?: unknown }).count === first

/** The kit's scripted answer for one recorded dialog. */
function answer(call: CallRecord, kind: string, given: string, firstSmsCount?: number): string {
  const count = call.result?.ok
    ? (call.result.value as { count?: unknown } | null)?.count
    : undefined
  if (
    kind === 'sms-charge' &&
    given === 'confirm' &&
    typeof count === 'number' &&
    count !== firstSmsCount
  ) {
    return `kit.next(${literal(kind)}, { count: ${literal(count)} })`
  }
  return `kit.next(${literal(kind)}, ${literal(given === 'error' ? 'confirm' : given)})`
}

/** Whether SMS was already active when the sequence began, as far as its calls tell. */
function smsActiveAtStart(calls: CallRecord[]): boolean {
  const first = calls.find((c) => c.method === 'smsActivate' || c.method === 'smsCharge')
  if (!first) return false
  if (first.method === 'smsCharge') return true
  return first.result?.ok === true && first.dialogs.length === 0
}

/** One replayed call: its scripted answers and backend, the call, and what it gave. */
function step(call: CallRecord, n: number, firstSmsCount: number | undefined): string[] {
  const lines = [`// ${n}. ${call.method}`]
  const made = sdkCall(call)
  const why = skipReason(call) ?? ('skip' in made ? made.skip : undefined)
  if (why || !call.result || 'skip' in made) {
    lines.push(`// not replayed: ${why ?? 'it had not ended when copied'}`)
    return lines
  }
  const { sdk } = made
  for (const d of call.dialogs) lines.push(answer(call, d.kind, d.answer, firstSmsCount))
  const result = call.result
  const behaviorKey = BEHAVIOR[call.method]
  const event = result.ok ? (result.value as { event?: unknown } | null)?.event : undefined
  const failing =
    behaviorKey &&
    ((!result.ok && result.error.code === 'BACKEND_ERROR') ||
      (typeof event === 'string' && event.endsWith('_ERROR')))
  const mode =
    event === 'PLATFORM_PAYMENT_ERROR' || event === 'PLATFORM_PAYMENT_DOCTOR_SERVICE_ERROR'
      ? 'decline'
      : 'error'
  if (failing) lines.push(`kit.backend.behavior[${literal(behaviorKey)}] = ${literal(mode)}`)
  if (!result.ok) {
    lines.push(
      `await expect(${sdk}).rejects.toMatchObject({ code: ${literal(result.error.code)} })`,
    )
  } else if (call.method === 'redirect' || call.method === 'flow') {
    lines.push(`await expect(${sdk}).resolves.toBeUndefined()`)
  } else {
    lines.push(
      `await expect(${sdk}).resolves.toEqual(${expected(call, result.value, firstSmsCount)})`,
    )
  }
  if (failing) lines.push(`kit.backend.behavior[${literal(behaviorKey)}] = 'ok'`)
  return lines
}

/**
 * A vitest file replaying `calls` (in order, each awaited) against `createTestHost`, with the
 * user's recorded answers scripted by `kit.next`. Plain JavaScript, valid TypeScript; its first
 * line asks for happy-dom, so it runs as pasted into a widget made by `init` (whose vitest runs
 * in Node by default).
 *
 * @example
 * navigator.clipboard.writeText(testSource(target, log.calls('my-widget')))
 */
export function testSource(
  target: TestTarget,
  calls: CallRecord[],
  options: TestOptions = {},
): string {
  const recordedAt = (options.recordedAt ?? new Date()).toISOString()
  const kitOptions = [
    `app_key: ${literal(target.app_key)}`,
    `name: ${literal(target.name)}`,
    `context: ${literal(target.context)}`,
    `scopes: ${literal(target.scopes)}`,
    `products: ${literal(target.products)}`,
    `plans: ${literal(target.plans)}`,
    `smsActive: ${smsActiveAtStart(calls)}`,
  ]
  // Each call's values fit literal.ts's LITERAL_LIMITS; the whole file stops at SOURCE_CHARS.
  let size = 0
  const body = calls.flatMap((call, i) => {
    const lines =
      size > SOURCE_CHARS
        ? [`// ${i + 1}. ${call.method}`, '// not replayed: the copied test reached its size limit']
        : step(call, i + 1, options.firstSmsCount)
    for (const line of lines) size += line.length + 1
    return [...lines, '']
  })
  body.pop() // no blank line before `} finally {`
  return [
    // The init template's vitest runs in Node (its backend's tests); the kit needs a DOM.
    '// @vitest-environment happy-dom',
    `// Recorded by the dev panel's bridge inspector on ${recordedAt}: ${calls.length} calls.`,
    '// Replays them in order against the test kit, with the answers the user gave.',
    "import { createTestHost } from 'platform-widget-sdk/testing'",
    "import { expect, it } from 'vitest'",
    '',
    `it(${literal(`replays the calls of ${target.app_key}`)}, async () => {`,
    '  const kit = createTestHost({',
    ...kitOptions.map((o) => `    ${o},`),
    '  })',
    '  try {',
    `    await kit.platform.initialize({ app_key: ${literal(target.app_key)} })`,
    '',
    ...body.map((line) => (line ? `    ${line}` : '')),
    '  } finally {',
    '    kit.destroy()',
    '  }',
    '})',
    '',
  ].join('\n')
}

/** Characters of a whole copied test, past which the remaining calls are not written out. */
const SOURCE_CHARS = 4 * 1024 * 1024
