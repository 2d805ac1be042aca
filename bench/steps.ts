// `npx tsx bench/steps.ts`: what each step the SDK and the host add to a call costs in
// JavaScript, alone, in Node's V8 (the engine of the Chromium the bench drives): the host's
// argument check, its guard, a deadline race (each side runs one), the in-memory backend, the
// listener dispatch, and the structured clone of penpal's CALL and REPLY beside the floor's
// ping and pong. Each is run in a loop, interleaved with the others over several rounds; prints
// the median ns per call of each. A finding of BENCHMARKS.md (bench/sections/findings/profile.md).

import { PlatformError } from '../src/events/index.ts'
import { emitEach } from '../src/events/listeners.ts'
import { validateSessionToken } from '../src/events/validate.ts'
import { createGuard } from '../src/host-kit/guard.ts'
import { createMemoryBackend } from '../src/testing/memory-backend.ts'
import { deadlineTimer } from '../src/transport/deadlines.ts'

const REQUEST = { scope: ['provider.profile.read'] }
const TOKEN = 'st_00000000-0000-4000-8000-000000000000'
const guard = createGuard({
  inFlight: Number.POSITIVE_INFINITY,
  perSecond: Number.POSITIVE_INFINITY,
})
const deadlines = deadlineTimer((message) => new PlatformError('TIMEOUT', message))
const backend = createMemoryBackend()
await backend.recordConsent('demo', REQUEST.scope as never)
const listeners: ((r: unknown) => void)[] = [() => {}]
const result = { event: 'PLATFORM_PAYMENT_SUCCESS', receipt_id: 'r1' }

/** penpal's CALL and REPLY as the SDK and host send them; the floor's ping and pong. */
const call = (id: number) => ({
  namespace: 'penpal',
  type: 'CALL',
  id,
  methodPath: ['getSessionToken'],
  args: [REQUEST],
})
const reply = (id: number) => ({
  namespace: 'penpal',
  type: 'REPLY',
  callId: id,
  value: { ok: true, value: TOKEN },
})

const STEPS: Record<string, (i: number) => unknown> = {
  'host: validateSessionToken': () => validateSessionToken(REQUEST),
  'host: guard admit + end': () => {
    const end = guard.admit()
    if (typeof end === 'function') end()
  },
  'one side: deadline race (resolved work, awaited)': () =>
    deadlines.race(Promise.resolve(TOKEN), Date.now() + 10_000, () => 'late'),
  'host: memory backend getConsent + issueSessionToken': async () => {
    await backend.getConsent('demo')
    backend.tokens.length = 0
    return backend.issueSessionToken({ app_key: 'demo', scopes: REQUEST.scope as never })
  },
  'SDK: listener dispatch (one listener, a PLATFORM_* result)': () => emitEach(listeners, result),
  'clone: penpal CALL + REPLY': (i) => [structuredClone(call(i)), structuredClone(reply(i))],
  'clone: the floor’s ping + pong': (i) => [
    structuredClone({ benchPing: i, scope: REQUEST.scope }),
    structuredClone({ benchPong: i, value: TOKEN }),
  ],
  'baseline: an empty awaited async step': async () => {},
}

const N = 20_000
const ROUNDS = 7
const times: Record<string, number[]> = Object.fromEntries(Object.keys(STEPS).map((k) => [k, []]))
for (let r = 0; r < ROUNDS; r++) {
  for (const [name, step] of Object.entries(STEPS)) {
    const t = performance.now()
    for (let i = 0; i < N; i++) await step(i)
    times[name]?.push(((performance.now() - t) / N) * 1e6)
  }
}
deadlines.destroy()
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number
for (const [name, ns] of Object.entries(times)) {
  process.stdout.write(`${name}\t${Math.round(median(ns))} ns\n`)
}
