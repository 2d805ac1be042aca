import { LOCALES, type Locale, type PanelLook } from '../events/index.js'
import { invalid } from '../events/wire.js'
import { checkTheme, type HostTheme } from '../host-kit/dialog/theme.js'

/** The panel's locale and theme as they change: what the host's `setLocale` and `setTheme` set. */
export interface LiveLook {
  readonly locale: Locale
  readonly theme: HostTheme
  /** The locale, its direction and the colour scheme that applies now. */
  now(): PanelLook
  /** Throws `INVALID_ARGUMENT` for a locale the host has no words for. */
  setLocale(locale: Locale): void
  /** Checks `theme` (`checkTheme`: `INVALID_ARGUMENT` naming the token) and applies it whole. */
  setTheme(theme: HostTheme): void
  /** Stops following the user's colour scheme. */
  destroy(): void
}

export interface LiveLookOptions {
  /** The panel's window: whose `prefers-color-scheme` an `auto` theme follows. */
  win: Window
  locale: Locale | undefined
  /** Unchecked, as the panel gave it. */
  theme: unknown
  /** The locale changed (to a new one). */
  onLocale(locale: Locale): void
  /** The theme was set (the dialogs take it whole, even when only a colour changed). */
  onTheme(theme: HostTheme): void
  /** What a widget sees changed: the locale, its direction or the colour scheme. */
  onLook(look: PanelLook): void
}

/** `rtl` for Persian, `ltr` for English. */
export const dirOf = (locale: Locale): 'rtl' | 'ltr' => (locale === 'fa' ? 'rtl' : 'ltr')

function checkLocale(locale: unknown): Locale {
  if (!LOCALES.includes(locale as Locale)) {
    throw invalid('locale', `expected ${LOCALES.join(' or ')}, not ${JSON.stringify(locale)}`)
  }
  return locale as Locale
}

/**
 * Holds the panel's locale and theme, and says what changed. The colour scheme a widget is told
 * is the theme's pinned one, else the panel window's `prefers-color-scheme`, followed while the
 * theme leaves it to the user. Each listener hears only a real change: the same locale set again,
 * or a theme that changes only a colour, tells the widgets nothing.
 *
 * @example
 * const look = liveLook({ win: window, locale: 'fa', theme, onLocale, onTheme, onLook })
 * look.setTheme({ colorScheme: 'dark' }) // onTheme, then onLook with colorScheme 'dark'
 */
export function liveLook(options: LiveLookOptions): LiveLook {
  let locale = options.locale === undefined ? 'fa' : checkLocale(options.locale)
  let theme = checkTheme(options.theme)
  const media = options.win.matchMedia?.('(prefers-color-scheme: dark)')
  const now = (): PanelLook => {
    const pinned = theme.colorScheme === 'light' || theme.colorScheme === 'dark'
    const colorScheme = pinned ? theme.colorScheme : media?.matches ? 'dark' : 'light'
    return { locale, dir: dirOf(locale), colorScheme: colorScheme as 'light' | 'dark' }
  }
  let told = now()
  const tell = () => {
    const look = now()
    if (look.locale === told.locale && look.colorScheme === told.colorScheme) return
    told = look
    options.onLook(look)
  }
  media?.addEventListener?.('change', tell)
  return {
    get locale() {
      return locale
    },
    get theme() {
      return theme
    },
    now,
    setLocale(next) {
      const checked = checkLocale(next)
      if (checked === locale) return
      locale = checked
      options.onLocale(locale)
      tell()
    },
    setTheme(next) {
      theme = checkTheme(next)
      options.onTheme(theme)
      tell()
    },
    destroy() {
      media?.removeEventListener?.('change', tell)
    },
  }
}
