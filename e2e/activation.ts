import { type BrowserContext, expect, type Frame, type Page } from '@playwright/test'

/**
 * Runs `expression` in `target` (the panel page, or the widget's out-of-process frame) over the
 * DevTools protocol *without* a user gesture. Every Playwright evaluate, locator query included,
 * is sent with `userGesture: true` and so gives the page user activation; this does not.
 */
export async function noGesture<T>(
  context: BrowserContext,
  target: Page | Frame,
  expression: string,
) {
  const cdp = await context.newCDPSession(target)
  try {
    const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
      expression,
      returnByValue: true,
      userGesture: false,
    })
    if (exceptionDetails) throw new Error(exceptionDetails.text)
    return result.value as T
  } finally {
    await cdp.detach()
  }
}

/**
 * Waits, without giving activation, until the panel has none: the transient activation the test's
 * own evaluates gave it (Chromium keeps it 5 s) has run out, as it has for a widget's timer long
 * after the doctor's last click.
 */
export async function activationGone(context: BrowserContext, page: Page): Promise<void> {
  await expect
    .poll(() => noGesture(context, page, 'navigator.userActivation.isActive'), {
      timeout: 15_000,
      intervals: [250],
    })
    .toBe(false)
}
