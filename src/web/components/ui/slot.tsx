import { cloneElement, isValidElement, type ReactElement, type ReactNode, type Ref } from 'react'

type SlotProps = Record<string, unknown> & { children?: ReactNode; ref?: Ref<unknown> }

/**
 * Renders its only child with the slot's props merged in, as Radix's Slot does (Button's
 * `asChild`): the child's props win, except className (joined), style (merged), event handlers
 * (both run, the child's first) and ref (both set). About 0.3 KB instead of Radix's 1.5 KB gzipped
 * on every page's first load (docs/decisions/0010-page-javascript-budget.md).
 */
export function Slot({ children, ...slotProps }: SlotProps) {
  if (!isValidElement(children)) return null
  const child = children as ReactElement<SlotProps>
  const merged: Record<string, unknown> = { ...slotProps }
  for (const [name, childValue] of Object.entries(child.props)) {
    const slotValue = slotProps[name]
    if (name === 'children') continue
    if (
      /^on[A-Z]/.test(name) &&
      typeof slotValue === 'function' &&
      typeof childValue === 'function'
    ) {
      merged[name] = (...args: unknown[]) => {
        const result: unknown = (childValue as (...a: unknown[]) => unknown)(...args)
        ;(slotValue as (...a: unknown[]) => unknown)(...args)
        return result
      }
    } else if (name === 'style') {
      merged.style = { ...(slotValue as object | undefined), ...(childValue as object | undefined) }
    } else if (name === 'className') {
      merged.className = [slotValue, childValue].filter(Boolean).join(' ')
    } else if (name === 'ref') {
      merged.ref = slotValue
        ? composeRefs(slotValue as Ref<unknown>, childValue as Ref<unknown>)
        : childValue
    } else {
      merged[name] = childValue
    }
  }
  return cloneElement(child, merged)
}

function composeRefs(...refs: Ref<unknown>[]) {
  return (node: unknown) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node)
      else if (ref) (ref as { current: unknown }).current = node
    }
  }
}
