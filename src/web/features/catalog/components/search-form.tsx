import { SearchIcon } from 'lucide-react'
import type { ComponentProps } from 'react'
import { paths } from '#shared/routes.ts'
import { Input } from '#web/components/ui/input.tsx'

/**
 * On phones the search panel hangs from the (sticky, so positioned) header across its width; on
 * large screens it hangs from the toggle.
 */
export const SEARCH_PANEL =
  'absolute top-full right-0 left-0 border-b border-border bg-card px-4 pt-3 pb-2 shadow-lg animate-fade-in lg:left-auto lg:mt-3 lg:w-[28rem] lg:rounded-xl lg:border lg:px-3'

/**
 * The header search's field: a GET form to the shop's search page, so Enter lands on
 * /shop?search= without JavaScript; with it, onSubmit goes there in the page
 * (docs/product.md#without-javascript).
 */
export function SearchForm({
  onSubmit,
  field,
}: {
  onSubmit?: ComponentProps<'form'>['onSubmit']
  field: ComponentProps<'input'> & { id: string }
}) {
  return (
    <form role="search" action={paths.shop()} method="get" onSubmit={onSubmit}>
      <label htmlFor={field.id} className="sr-only">
        Search products and farms
      </label>
      <div className="relative">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          {...field}
          name="search"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          maxLength={100}
          placeholder="Search products and farms"
          className="pl-9"
        />
      </div>
    </form>
  )
}
