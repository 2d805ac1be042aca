// Every rejection of an SDK call is handled: an unhandled one is an uncaught error in the page.
import type { Finding } from '../finding.js'
import type { Check, Observation } from '../observation.js'

/**
 * The unhandled rejections of SDK calls: from the page's event, and from the browser's report of
 * an uncaught rejection whose message is one a call was rejected with (the page's event is
 * muted for a rejection made in the SDK's script, another origin's).
 */
export function unhandledCalls({ probe, pageErrors }: Observation) {
  const found = [...(probe?.unhandled ?? [])]
  for (const error of pageErrors) {
    const call = probe?.rejected.find((r) => r.message === error.message)
    if (call && !found.some((u) => u.message === error.message)) found.push(call)
  }
  return found
}

export const rejections: Check = (o) => {
  const byMethod = new Map<string, { count: number; message: string }>()
  for (const u of unhandledCalls(o)) {
    if (!u.method) continue
    const seen = byMethod.get(u.method)
    byMethod.set(u.method, {
      count: (seen?.count ?? 0) + 1,
      message: seen?.message ?? `${u.code ? `${u.code}: ` : ''}${u.message}`,
    })
  }
  return [...byMethod].map(
    ([method, { count, message }]): Finding => ({
      check: 'sdk.unhandled-rejection',
      severity: 'error',
      title: `${count === 1 ? 'A rejection' : `${count} rejections`} of ${method}() left unhandled (${message})`,
      seen: `The widget stops where ${method}() failed, with no word for the doctor; the page's console shows "Uncaught (in promise)".`,
      fix: `await platform.${method}(…) in a try/catch, and show the doctor what to do (err.code tells why).`,
    }),
  )
}
