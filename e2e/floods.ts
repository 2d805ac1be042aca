import type { Frame, Page } from '@playwright/test'

/**
 * The four floods a hostile widget sends the host, shared by
 * `e2e/hostile-widget.spec.ts` (a freeze guard) and `npm run bench` (the 200 ms target).
 * `body` runs in the widget once per message, with `i` the message's index.
 */
export interface Flood {
  title: string
  count: number
  body: string
  /** Panel state the flood needs, set before the panel's long tasks are watched. */
  prepare?(page: Page): Promise<void>
}

export const FLOODS = {
  token: {
    title: '20k getSessionToken',
    count: 20_000,
    body: "return window.platform.getSessionToken({ scope: ['provider.profile.read'] }).catch(() => {})",
    // Consent given: without the limits every call would ask the backend and get a token.
    prepare: (page) =>
      page.evaluate(() => window.backend.recordConsent('test-widget', ['provider.profile.read'])),
  },
  resize: {
    title: '100k resize',
    count: 100_000,
    // The SDK's own resize is private; a hostile widget sends the CALL itself.
    body: "parent.postMessage({ namespace: 'penpal', type: 'CALL', id: 'r' + i, methodPath: ['resize'], args: [{ height: 100 + (i % 500) }] }, '*')",
  },
  pay: {
    title: '5k pay({ receipt_id })',
    count: 5_000,
    body: "return window.platform.payment.pay({ receipt_id: 'rcpt-42' }).catch(() => {})",
  },
  destroy: {
    title: '20k DESTROY messages',
    count: 20_000,
    body: "parent.postMessage({ namespace: 'penpal', type: 'DESTROY' }, '*')",
  },
} satisfies Record<string, Flood>

export type FloodName = keyof typeof FLOODS

/** Starts collecting the panel's own long tasks (Long Tasks API). */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.longTasks = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        // Only the panel's own event loop: a widget in the same process shows up as a
        // cross-origin descendant, and its own flood loop is its own cost.
        if (entry.name === 'self') window.longTasks.push(Math.round(entry.duration))
      }
    }).observe({ type: 'longtask' })
  })
}

/** The longest panel task since {@link watchLongTasks}, after two frames have painted. */
export async function longestTask(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => setTimeout(() => resolve(Math.max(0, ...window.longTasks)))),
        ),
      ),
  )
}

/**
 * Runs `count` calls of `body` in the widget, 500 per timer task so the widget's own loop stays
 * short, then posts an end marker. Messages from one window arrive in order, so when the panel
 * sees the marker it has received the whole flood. Calls refused without an answer never
 * settle (the SDK ends them later with TIMEOUT), so the flood is not awaited call by call.
 */
export async function flood(page: Page, frame: Frame, count: number, body: string): Promise<void> {
  await page.evaluate(() => {
    window.floodDone = false
    addEventListener('message', (event) => {
      if (event.data === 'flood-done') window.floodDone = true
    })
  })
  await frame.evaluate(
    ([n, code]) =>
      new Promise<void>((resolve) => {
        const send = new Function('i', code as string) as (i: number) => unknown
        let i = 0
        // No named function in here: the bench runs this file through tsx, whose `keepNames`
        // would wrap it in a `__name` helper that the page does not have.
        const timer = setInterval(() => {
          for (const end = Math.min(i + 500, n as number); i < end; i++) send(i)
          if (i < (n as number)) return
          clearInterval(timer)
          parent.postMessage('flood-done', '*')
          resolve()
        })
      }),
    [count, body] as const,
  )
  await page.waitForFunction(() => window.floodDone === true, null, { timeout: 60_000 })
}

/**
 * Prepares the panel, sends `f` from the widget in `frame`, and returns the panel's longest task
 * during it, in ms.
 */
export async function runFlood(page: Page, frame: Frame, f: Flood): Promise<number> {
  await f.prepare?.(page)
  await watchLongTasks(page)
  await flood(page, frame, f.count, f.body)
  return longestTask(page)
}
