import type { Locator, Page } from '@playwright/test'
import { expect, waitForSettledAnimations } from './fixtures.ts'

/** How far (in CSS pixels) a box may pass an edge: sub-pixel rounding, not a real overflow. */
const TOLERANCE = 0.5

/**
 * The dialog (or drawer, or panel) fits the screen's width, and nothing in it sticks out of it
 * sideways or has its text cut off: every element's box lies between the dialog's left and right
 * edges (docs/product.md#pages). Elements hidden for the eye (sr-only, invisible) are skipped,
 * and so is what is inside a container that scrolls sideways on purpose (the dialog's own
 * scrolling is no such container).
 */
export async function expectDialogFits(page: Page, dialog: Locator) {
  await expect(dialog).toBeVisible()
  await waitForSettledAnimations(page)
  const screenWidth = page.viewportSize()?.width ?? (await page.evaluate(() => window.innerWidth))
  const problems = await dialog.evaluate(
    (root, { screenWidth, tolerance }) => {
      const describe = (element: Element) => {
        const label =
          element.getAttribute('aria-label') ??
          (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50)
        const classes = (element.getAttribute('class') ?? '').split(/\s+/).slice(0, 6).join('.')
        return `<${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}> "${label}"`
      }
      const visuallyHidden = (style: CSSStyleDeclaration) =>
        style.clipPath === 'inset(50%)' ||
        style.clip === 'rect(0px, 0px, 0px, 0px)' ||
        style.visibility === 'hidden' ||
        // e.g. the native input a styled checkbox keeps beside itself for forms
        style.opacity === '0'
      const scrollsSideways = (style: CSSStyleDeclaration) =>
        style.overflowX === 'auto' || style.overflowX === 'scroll'
      /** hidden for the eye, or inside a sideways scroller within the dialog */
      const exempt = (element: Element) => {
        for (let node: Element | null = element; node && node !== root; node = node.parentElement) {
          const style = getComputedStyle(node)
          if (visuallyHidden(style)) return true
          if (node !== element && scrollsSideways(style)) return true
        }
        return false
      }

      const found: string[] = []
      const box = root.getBoundingClientRect()
      if (box.left < -tolerance || box.right > screenWidth + tolerance) {
        found.push(
          `the dialog spans ${Math.round(box.left)}–${Math.round(box.right)} px on a ${screenWidth} px screen`,
        )
      }
      if (root.scrollWidth > root.clientWidth + 1) {
        found.push(
          `the dialog scrolls sideways: ${root.scrollWidth} px of content in ${root.clientWidth} px`,
        )
      }
      // the outermost element that sticks out names the problem: what is inside it follows it
      const reported = new Set<Element>()
      const insideReported = (element: Element) => {
        for (let node = element.parentElement; node && node !== root; node = node.parentElement) {
          if (reported.has(node)) return true
        }
        return false
      }
      for (const element of root.querySelectorAll('*')) {
        const rect = element.getBoundingClientRect()
        if (rect.width === 0 && rect.height === 0) continue
        if (exempt(element) || insideReported(element)) continue
        if (rect.left < box.left - tolerance || rect.right > box.right + tolerance) {
          reported.add(element)
          found.push(
            `${describe(element)} spans ${Math.round(rect.left)}–${Math.round(rect.right)} px, the dialog ${Math.round(box.left)}–${Math.round(box.right)} px`,
          )
          continue
        }
        const style = getComputedStyle(element)
        if (style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1) {
          found.push(
            `${describe(element)} is cut off (${element.scrollWidth} px of text in ${element.clientWidth} px)`,
          )
        }
      }
      return found
    },
    { screenWidth, tolerance: TOLERANCE },
  )
  expect(problems, 'what sticks out of the dialog').toEqual([])
}
