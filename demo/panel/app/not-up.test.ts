import { describe, expect, it } from 'vitest'
import { STRINGS } from './i18n.js'
import { hintFor } from './not-up.js'

const PANEL = 'http://127.0.0.1:4400'
const text = (parts: ReturnType<typeof hintFor>) =>
  parts.map((p) => (typeof p === 'string' ? p : p.code)).join('')

describe('hintFor', () => {
  it.each([
    [
      { loaded: false, url: 'http://localhost:5173/', error: 'ECONNREFUSED' },
      ['http://localhost:5173/', 'start your dev server', 'ECONNREFUSED'],
    ],
    [
      { loaded: true, url: 'http://localhost:5173/', status: 200, scripts: [] },
      [`<script src="${PANEL}/platform.js"></script>`],
    ],
    [
      {
        loaded: true,
        url: 'http://localhost:5173/',
        status: 200,
        scripts: ['http://127.0.0.1:4500/platform.js'],
      },
      [
        'from http://127.0.0.1:4500',
        `this panel is ${PANEL}`,
        'UNTRUSTED_HOST',
        `Load ${PANEL}/platform.js`,
      ],
    ],
    [
      {
        loaded: true,
        url: 'http://localhost:5173/',
        status: 200,
        scripts: [`${PANEL}/platform.js`],
      },
      ["this panel's platform.js", 'console'],
    ],
  ] as const)('explains %j', (probe, says) => {
    const en = text(hintFor({ ...probe, panel_origin: PANEL } as never, STRINGS.en.notUp))
    for (const s of says) expect(en).toContain(s)
    // The Persian hint names the same URLs and commands.
    const fa = text(hintFor({ ...probe, panel_origin: PANEL } as never, STRINGS.fa.notUp))
    for (const s of says.filter((s) => /[/:<_]/.test(s) && !/ /.test(s))) expect(fa).toContain(s)
  })
})
