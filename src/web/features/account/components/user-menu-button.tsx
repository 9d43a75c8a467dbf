import { ChevronDownIcon, UserRoundIcon } from 'lucide-react'
import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

/**
 * The header's user menu button: the first name (docs/product.md#pages). The menu itself loads on
 * demand, and this same button stands in while it does, so nothing moves.
 */
export function UserMenuButton({
  firstName,
  className,
  ...props
}: ComponentProps<'button'> & { firstName: string }) {
  return (
    <button
      type="button"
      aria-haspopup="menu"
      // the name starts with the words shown; the whole first name, even when it is cut short
      aria-label={`${firstName}, your account`}
      className={cn(
        'inline-flex max-w-48 items-center gap-1.5 rounded-md px-2 py-1 font-medium text-white/90 transition-colors hover:bg-white/10 hover:text-white data-[state=open]:bg-white/10',
        className,
      )}
      {...props}
    >
      <UserRoundIcon className="size-4 shrink-0" aria-hidden />
      <span className="truncate">{firstName}</span>
      <ChevronDownIcon className="size-3.5 shrink-0 opacity-80" aria-hidden />
    </button>
  )
}
