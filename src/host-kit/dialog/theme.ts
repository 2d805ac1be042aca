import { invalid } from '../../events/wire.js'

/** The colours of one colour scheme. Each is a CSS colour: `#rgb`, `#rrggbb` (with or without
 * alpha), `rgb()`, `hsl()`, `oklch()` and the like, or a colour name. */
export interface ThemeColors {
  /** Confirm buttons, the selected option, focus rings. */
  accent?: string
  /** Text on `accent` (the confirm button's label). Choose it for 4.5:1 contrast with `accent`. */
  accentText?: string
  /** The dialog's background. */
  surface?: string
  /** The dialog's text. Muted text and borders are mixed from `text` and `surface`. */
  text?: string
}

/**
 * Design tokens for the host's dialogs, from the panel (`createHost({ theme })`), never from a
 * widget. Modelled on Stripe Elements' appearance API: a few variables, not CSS. Values are
 * checked (`createHost` throws `INVALID_ARGUMENT` naming the token), so a value can never carry
 * `;`, `}`, `url()` or anything else that would add CSS of its own.
 *
 * @example
 * createHost({ ..., theme: { accent: '#0f766e', radius: '6px', font: 'Vazirmatn, sans-serif',
 *   dark: { accent: '#5eead4', accentText: '#042f2e' } } })
 */
export interface HostTheme extends ThemeColors {
  /**
   * `auto` (the default) follows the user's `prefers-color-scheme`; `light` or `dark` pins the
   * dialogs to one, for a panel that has only one.
   */
  colorScheme?: 'auto' | 'light' | 'dark'
  /** The colours used when the dark scheme applies. Unset ones take the host's dark defaults. */
  dark?: ThemeColors
  /** Corner radius of the dialog (`0`, or a length in `px`, `rem` or `em`, e.g. `14px`). */
  radius?: string
  /** A `font-family` list, e.g. `Vazirmatn, "Noto Sans Arabic", sans-serif`. */
  font?: string
}

const COLOR_KEYS = ['accent', 'accentText', 'surface', 'text'] as const
const KEYS = [...COLOR_KEYS, 'colorScheme', 'dark', 'radius', 'font'] as const
const SCHEMES = ['auto', 'light', 'dark'] as const

// Grammars, not deny-lists: whatever they accept is a single CSS value with no `;`, braces,
// backslash, quotes (colours), `@`, comment or function other than the colour functions named.
const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i
const COLOR_FUNCTION = /^(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\([-+.\d\s%,/a-z]*\)$/i
const NAMED = /^[a-z]{3,24}$/i
/** Keywords that would pull a value from outside the dialog instead of setting one. */
const CSS_WIDE = ['inherit', 'initial', 'unset', 'revert', 'currentcolor']
const LENGTH = /^(?:0|\d{1,3}(?:\.\d{1,3})?(?:px|rem|em))$/
const FAMILY = /^(?:"[^"\\;{}<>\n\r]{1,60}"|'[^'\\;{}<>\n\r]{1,60}'|[a-z][a-z0-9 -]{0,59})$/i

function color(field: string, value: unknown): string {
  if (typeof value !== 'string') throw invalid(field, 'must be a CSS colour string')
  const v = value.trim()
  const ok =
    v.length <= 64 &&
    (HEX.test(v) ||
      COLOR_FUNCTION.test(v) ||
      (NAMED.test(v) && !CSS_WIDE.includes(v.toLowerCase())))
  if (!ok)
    throw invalid(field, `"${value}" is not a colour such as #0a6cff, rgb(10 108 255) or teal`)
  return v
}

function colors(prefix: string, value: unknown): ThemeColors {
  if (value === undefined) return {}
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(prefix, 'must be an object')
  }
  const out: ThemeColors = {}
  for (const [key, v] of Object.entries(value)) {
    if (!(COLOR_KEYS as readonly string[]).includes(key)) {
      throw invalid(`${prefix}.${key}`, `unknown token; expected ${COLOR_KEYS.join(', ')}`)
    }
    if (v !== undefined) out[key as keyof ThemeColors] = color(`${prefix}.${key}`, v)
  }
  return out
}

/**
 * Checks a panel's theme and returns a clean copy: only known tokens, each value trimmed and
 * matched against its grammar. Throws `INVALID_ARGUMENT` naming the first bad token.
 *
 * @example
 * checkTheme({ accent: 'red; } dialog { display: none' }) // throws: theme.accent is not a colour
 */
export function checkTheme(theme: unknown): HostTheme {
  if (theme === undefined) return {}
  if (typeof theme !== 'object' || theme === null || Array.isArray(theme)) {
    throw invalid('theme', 'must be an object')
  }
  const source = theme as Record<string, unknown>
  for (const key of Object.keys(source)) {
    if (!(KEYS as readonly string[]).includes(key)) {
      throw invalid(`theme.${key}`, `unknown token; expected ${KEYS.join(', ')}`)
    }
  }
  const { dark, colorScheme, radius, font, ...light } = source
  const out: HostTheme = colors('theme', light)
  if (colorScheme !== undefined) {
    if (!SCHEMES.includes(colorScheme as never)) {
      throw invalid('theme.colorScheme', `expected ${SCHEMES.join(', ')}`)
    }
    out.colorScheme = colorScheme as HostTheme['colorScheme']
  }
  if (dark !== undefined) out.dark = colors('theme.dark', dark)
  if (radius !== undefined) {
    if (typeof radius !== 'string' || !LENGTH.test(radius.trim())) {
      throw invalid('theme.radius', `"${String(radius)}" is not 0 or a length in px, rem or em`)
    }
    out.radius = radius.trim()
  }
  if (font !== undefined) {
    const families = typeof font === 'string' ? font.split(',').map((f) => f.trim()) : []
    if (
      typeof font !== 'string' ||
      font.length > 200 ||
      families.some((family) => !FAMILY.test(family))
    ) {
      throw invalid(
        'theme.font',
        'must be a font-family list such as Vazirmatn, "Noto Sans", sans-serif',
      )
    }
    out.font = families.join(', ')
  }
  return out
}
