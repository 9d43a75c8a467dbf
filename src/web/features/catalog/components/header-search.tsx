/** The header's search toggle and dropdown (spec §2): filled in by the storefront work. */
export function HeaderSearch() {
  return null
}
