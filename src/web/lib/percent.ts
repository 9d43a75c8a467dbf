/** How much of `whole` `part` is, as a CSS width: "42.5%" (never below 0% or above 100%). */
export function percentWidth(part: number, whole: number): string {
  if (whole <= 0) return '0%'
  const share = Math.min(1, Math.max(0, part / whole))
  return `${share * 100}%`
}
