import { SearchIcon } from 'lucide-react'
import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'
import { Input } from './input.tsx'

/** A search field with the magnifier inside it, on the left (the admin lists, the product picker). */
export function SearchInput({ className, ...props }: Omit<ComponentProps<typeof Input>, 'type'>) {
  return (
    <div className="relative">
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input type="search" className={cn('pl-9', className)} {...props} />
    </div>
  )
}
