/**
 * The one list of ZIP codes the shop delivers to (docs/product.md#service-area). The header check,
 * the how-it-works checker, registration, the profile form and the server all use it.
 */

export const SERVICE_AREA_ZIP_RANGES: ReadonlyArray<readonly [number, number]> = [
  [77001, 77099],
  [77201, 77299],
  [77301, 77399],
  [77401, 77499],
  [77501, 77599],
]

export const FIVE_DIGIT_ZIP = /^\d{5}$/

export function isServedZip(zip: string): boolean {
  if (!FIVE_DIGIT_ZIP.test(zip)) return false
  const value = Number(zip)
  return SERVICE_AREA_ZIP_RANGES.some(([first, last]) => value >= first && value <= last)
}
