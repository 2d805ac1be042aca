import { h } from './dom.js'
import { DIALOG_CSS } from './styles.js'

/**
 * Adopts the dialogs' styles and a sheet for the panel's theme into `root`; returns the setter
 * of the theme's CSS. Constructed stylesheets need no inline <style>, so they work under a strict
 * style-src CSP; where they are missing, <style> elements.
 */
export function styleRoot(doc: Document, root: ShadowRoot): (css: string) => void {
  const win = doc.defaultView as (Window & typeof globalThis) | null
  try {
    const sheets = [DIALOG_CSS, ''].map((text) => {
      const sheet = new (win?.CSSStyleSheet ?? CSSStyleSheet)()
      sheet.replaceSync(text)
      return sheet
    })
    root.adoptedStyleSheets = sheets
    return (css) => sheets[1]!.replaceSync(css)
  } catch {
    const theme = h(doc, 'style', {})
    root.append(h(doc, 'style', {}, DIALOG_CSS), theme)
    return (css) => {
      theme.textContent = css
    }
  }
}
