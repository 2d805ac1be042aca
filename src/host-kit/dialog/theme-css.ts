import type { HostTheme, ThemeColors } from './theme.js'

// Apart from the theme's check (`theme.ts`): `createHost` checks a theme at once, and the dialogs,
// which load later, write it out.

/** The custom property each token sets on the dialogs' shadow host. */
const PROPERTY: Record<keyof ThemeColors | 'radius' | 'font', string> = {
  accent: '--platform-accent',
  accentText: '--platform-accent-text',
  surface: '--platform-surface',
  text: '--platform-text',
  radius: '--platform-radius',
  font: '--platform-font',
}

function declarations(tokens: Record<string, string | undefined>): string {
  return Object.entries(tokens)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${PROPERTY[key as keyof typeof PROPERTY]}: ${value};`)
    .join(' ')
}

/**
 * The CSS that applies a checked theme over the defaults in `DIALOG_CSS`, for the dialogs'
 * shadow root. Light tokens go on `:host`; dark ones where the dark scheme applies (the user's
 * preference unless the host carries `data-color-scheme="light"`, or that attribute is `dark`).
 */
export function themeCss(theme: HostTheme): string {
  const { accent, accentText, surface, text, radius, font } = theme
  const base = declarations({ accent, accentText, surface, text, radius, font })
  const dark = declarations({ ...theme.dark })
  const rules: string[] = []
  if (base) rules.push(`:host { ${base} }`)
  if (dark) {
    rules.push(
      `@media (prefers-color-scheme: dark) { :host(:not([data-color-scheme=light])) { ${dark} } }`,
      `:host([data-color-scheme=dark]) { ${dark} }`,
    )
  }
  return rules.join('\n')
}
