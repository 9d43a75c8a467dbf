/**
 * The headings' typeface (Fraunces, styles.css) is used only once <html> carries
 * HEADING_FONT_ATTRIBUTE; until then headings are set in a fallback of its width. A server-rendered
 * page fetches the font after its main pictures are on screen, so its 37 KB never compete with the
 * HTML, the stylesheet and the main picture (docs/decisions/0011-heading-font-after-first-paint.md).
 */

/** on <html>: the heading font has loaded, so headings use it */
export const HEADING_FONT_ATTRIBUTE = 'data-heading-font'

/** the face styles.css declares (@fontsource-variable/fraunces) at the weight headings use */
const HEADING_FONT = '600 1em "Fraunces Variable"'

/** Fetches the font (from the browser's cache, when it is there) and sets headings in it. */
export function loadHeadingFont(): void {
  const root = document.documentElement
  if (root.hasAttribute(HEADING_FONT_ATTRIBUTE)) return
  void document.fonts.load(HEADING_FONT).then(
    () => root.setAttribute(HEADING_FONT_ATTRIBUTE, ''),
    () => {
      // unreachable or refused: headings stay in the fallback
    },
  )
}
