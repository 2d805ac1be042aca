// The host's `diagnose` for the dev panel: its server fetches the widget's page and reads its
// status and framing headers (demo/panel/diagnose.ts), which the browser cannot.

import type { Diagnosis } from 'platform-widget-sdk/host'

export async function diagnose(url: string): Promise<Diagnosis | undefined> {
  const res = await fetch(`/dev/diagnose?url=${encodeURIComponent(url)}`)
  if (!res.ok) return undefined
  return ((await res.json()) as Diagnosis | null) ?? undefined
}
