// The browsers `check` drives, through Playwright (`@playwright/test`, this package's optional
// peer: a widget project has it for its browser tests). Chromium is found as this repository's
// tests find it: CHROMIUM_PATH (or PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH), then /usr/bin/chromium,
// then Playwright's own download. Firefox and WebKit run only as Playwright's own builds
// (`npx playwright install firefox webkit`): Playwright cannot drive a distribution's Firefox
// or WebKitGTK, so where those are missing the report says the engine did not run.
import { existsSync } from 'node:fs'
import type { Browser, BrowserType } from '@playwright/test'

export const ENGINES = ['chromium', 'firefox', 'webkit'] as const
export type Engine = (typeof ENGINES)[number]

export type Launched = { engine: Engine; browser: Browser } | { engine: Engine; skipped: string }

/** The Chromium to run: the variables, then Debian's path, else Playwright's own (undefined). */
export function chromiumPath(env: Record<string, string | undefined>): string | undefined {
  const given = env.CHROMIUM_PATH || env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH
  if (given) return given
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined
}

const NO_PLAYWRIGHT =
  'Playwright is not installed: npm install -D @playwright/test (check drives the browser with it)'

/** Launches `engine` headless, or says why it cannot run here. */
export async function launch(
  engine: Engine,
  env: Record<string, string | undefined>,
): Promise<Launched> {
  let types: Record<Engine, BrowserType>
  try {
    types = (await import('@playwright/test')) as unknown as Record<Engine, BrowserType>
  } catch {
    return { engine, skipped: NO_PLAYWRIGHT }
  }
  const type = types[engine]
  const executablePath = engine === 'chromium' ? chromiumPath(env) : undefined
  const path = executablePath ?? type.executablePath()
  if (!path || !existsSync(path)) {
    return {
      engine,
      skipped: `no ${engine} that Playwright can drive (looked for ${path || 'its build'}; npx playwright install ${engine})`,
    }
  }
  try {
    return { engine, browser: await type.launch({ executablePath, headless: true }) }
  } catch (error) {
    return {
      engine,
      skipped: `${engine} did not start: ${(error as Error).message.split('\n')[0]}`,
    }
  }
}
