import { clsx, type ClassValue } from 'clsx'

/**
 * Joins class names (strings, conditionals, arrays), as clsx does. It does not resolve Tailwind
 * conflicts: a later class does not override an earlier one of the same property (which of the
 * two applies would depend on the stylesheet's order). So a component is never given conflicting
 * classes: what a caller may change (a size, a colour, a width) is a variant or prop of the
 * component, and the caller's choice replaces the default instead of being added on top of it.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs)
}
