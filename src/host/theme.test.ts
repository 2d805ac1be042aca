import { describe, expect, it } from 'vitest'
import { ErrorCode, PlatformError } from '../events/index.js'
import { createDialogLayer } from '../host-kit/dialog/dialog.js'
import { checkTheme, type HostTheme } from '../host-kit/dialog/theme.js'
import { themeCss } from '../host-kit/dialog/theme-css.js'
import { createMemoryBackend } from '../testing/memory-backend.js'
import { createHost } from './host.js'

function refusal(theme: unknown): { code: string; field?: string } | undefined {
  try {
    checkTheme(theme)
    return undefined
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error
    return { code: error.code, field: error.field }
  }
}

describe('checkTheme', () => {
  it.each<[string, HostTheme]>([
    ['nothing', {}],
    ['hex colours', { accent: '#0f766e', accentText: '#FFF', surface: '#fffdf8cc', text: '#123' }],
    [
      'colour functions',
      { accent: 'rgb(10 108 255)', surface: 'hsl(40 30% 98%)', text: 'oklch(0.3 0.02 250 / 90%)' },
    ],
    ['colour names', { accent: 'teal', surface: 'white' }],
    ['a radius', { radius: '6px' }],
    ['no radius', { radius: '0' }],
    ['a radius in rem', { radius: '0.75rem' }],
    ['a font list', { font: 'Vazirmatn, "Noto Sans Arabic", \'Segoe UI\', sans-serif' }],
    ['a pinned scheme', { colorScheme: 'dark' }],
    ['dark colours', { dark: { accent: '#5eead4', accentText: '#042f2e', surface: '#0b1514' } }],
  ])('accepts %s', (_, theme) => {
    expect(checkTheme(theme)).toEqual(theme)
  })

  it('trims values and normalizes the font list', () => {
    expect(checkTheme({ accent: '  teal ', font: 'Vazirmatn ,sans-serif' })).toEqual({
      accent: 'teal',
      font: 'Vazirmatn, sans-serif',
    })
  })

  it('treats a missing theme as the defaults', () => {
    expect(checkTheme(undefined)).toEqual({})
  })

  // Each of these would add CSS of its own (a rule, an import, a request) or pull a value in
  // from outside the dialog, if it were written into the stylesheet as given.
  it.each<[string, unknown]>([
    ['theme.accent', { accent: 'red; } dialog { display: none' }],
    ['theme.accent', { accent: '#fff}' }],
    ['theme.accent', { accent: '#fff;' }],
    ['theme.accent', { accent: 'url(https://evil.example/x.png)' }],
    ['theme.surface', { surface: 'rgb(0 0 0) url(x)' }],
    ['theme.surface', { surface: 'rgb(0 0 0); color: red' }],
    ['theme.text', { text: 'var(--panel-ink)' }],
    ['theme.text', { text: 'inherit' }],
    ['theme.text', { text: 'currentColor' }],
    ['theme.text', { text: 'expression(alert(1))' }],
    ['theme.text', { text: '/* */ red' }],
    ['theme.text', { text: 'red\\3b' }],
    ['theme.accentText', { accentText: '@import "x"' }],
    ['theme.accent', { accent: 'image-set("x.png" 1x)' }],
    ['theme.accent', { accent: '' }],
    ['theme.accent', { accent: 42 }],
    ['theme.radius', { radius: '6px; } :host { display: none' }],
    ['theme.radius', { radius: 'calc(1px + 2px)' }],
    ['theme.radius', { radius: '6' }],
    ['theme.radius', { radius: 6 }],
    ['theme.font', { font: 'Vazirmatn; } dialog { display: none }' }],
    ['theme.font', { font: 'Vazirmatn, url(https://evil.example/font.woff)' }],
    ['theme.font', { font: '"Vazir\\"; } x {"' }],
    ['theme.font', { font: '"Vazir' }],
    ['theme.font', { font: '"a</style>"' }],
    ['theme.font', { font: 'x'.repeat(201) }],
    ['theme.dark.accent', { dark: { accent: 'red;}' } }],
    ['theme.dark.radius', { dark: { radius: '4px' } }],
    ['theme.dark', { dark: 'dark' }],
    ['theme.colorScheme', { colorScheme: 'night' }],
    ['theme.accentColor', { accentColor: '#000' }],
    ['theme', 'teal'],
    ['theme', null],
    ['theme', ['#000']],
  ])('refuses %s in %j', (field, theme) => {
    expect(refusal(theme)).toEqual({ code: ErrorCode.INVALID_ARGUMENT, field })
  })
})

describe('themeCss', () => {
  it('is empty for the defaults', () => {
    expect(themeCss({})).toBe('')
  })

  it('sets only the tokens given, light on :host and dark where the dark scheme applies', () => {
    const css = themeCss(
      checkTheme({
        accent: '#0f766e',
        radius: '6px',
        font: 'Vazirmatn',
        dark: { accent: '#5eead4' },
      }),
    )
    expect(css).toBe(
      [
        ':host { --platform-accent: #0f766e; --platform-radius: 6px; --platform-font: Vazirmatn; }',
        '@media (prefers-color-scheme: dark) { :host(:not([data-color-scheme=light])) { --platform-accent: #5eead4; } }',
        ':host([data-color-scheme=dark]) { --platform-accent: #5eead4; }',
      ].join('\n'),
    )
  })

  it('has as many rules as braces allow: no value opens or closes a block', () => {
    const css = themeCss(
      checkTheme({
        accent: 'rgb(1 2 3)',
        accentText: 'white',
        surface: '#fff',
        text: 'hsl(0 0% 10%)',
        radius: '1rem',
        font: '"A B", sans-serif',
        dark: { text: '#eee' },
      }),
    )
    expect(css.match(/\{/g)).toHaveLength(4)
    expect(css.match(/\}/g)).toHaveLength(4)
    expect(css.match(/;/g)).toHaveLength(6 + 1 + 1)
  })
})

describe('the dialog layer with a theme', () => {
  it('adds the theme after the defaults and pins the scheme on its host', () => {
    const layer = createDialogLayer(
      document,
      undefined,
      checkTheme({ accent: 'teal', colorScheme: 'dark' }),
    )
    const host = layer.root.host as HTMLElement
    expect(host.dataset.colorScheme).toBe('dark')
    const sheets = layer.root.adoptedStyleSheets.length
      ? layer.root.adoptedStyleSheets.map((s) => [...s.cssRules].map((r) => r.cssText).join('\n'))
      : [...layer.root.querySelectorAll('style')].map((s) => s.textContent ?? '')
    expect(sheets).toHaveLength(2)
    expect(sheets[1]).toContain('--platform-accent: teal')
    layer.destroy()
  })

  it('follows the user preference when the scheme is auto or unset', () => {
    for (const theme of [{}, { colorScheme: 'auto' as const }]) {
      const layer = createDialogLayer(document, undefined, theme)
      expect((layer.root.host as HTMLElement).hasAttribute('data-color-scheme')).toBe(false)
      layer.destroy()
    }
  })
})

describe('createHost', () => {
  it('refuses a bad token at once, before any widget is mounted', () => {
    const create = () =>
      createHost({
        context: 'doctor-panel',
        widgets: [],
        backend: createMemoryBackend(),
        theme: { accent: 'red; } dialog { display: none' },
      })
    expect(create).toThrow(PlatformError)
    expect(create).toThrow(/theme\.accent/)
  })
})
