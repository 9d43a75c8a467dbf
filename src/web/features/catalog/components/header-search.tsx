import { SearchIcon, XIcon } from 'lucide-react'
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react'
import { Button, buttonVariants } from '#web/components/ui/button.tsx'
import { cn } from '#web/lib/cn.ts'
import { useNoScriptDisclosure, type NoScriptDisclosureProps } from '#web/lib/use-hydrated.ts'
import { SEARCH_PANEL, SearchForm } from './search-form.tsx'

// the panel (field, results, their queries) loads on the first press of the toggle
const SearchPanel = lazy(() =>
  import('./search-panel.tsx').then((module) => ({ default: module.SearchPanel })),
)

/**
 * The header's search toggle and dropdown (docs/product.md#catalogue): open or closed, and closing
 * clears the text (the panel, with its text, is unmounted). It closes on a click outside, on Escape
 * (focus back on the toggle), when focus leaves it, and after choosing a result. Before and
 * without JavaScript the toggle is a disclosure around the same GET form, which lands on
 * /shop?search= (docs/product.md#without-javascript).
 */
export function HeaderSearch() {
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  const { showsStandIn, standInProps } = useNoScriptDisclosure()

  const close = useCallback((returnFocus = false) => {
    setOpen(false)
    if (returnFocus) toggle.current?.focus()
  }, [])

  useEffect(() => {
    if (!open) return
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', closeOutside)
    return () => document.removeEventListener('pointerdown', closeOutside)
  }, [open])

  if (showsStandIn) return <SearchDisclosure {...standInProps} />
  return (
    // on phones the panel hangs from the (sticky, so positioned) header across its width; on
    // large screens it hangs from the toggle
    <div
      ref={root}
      className="lg:relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault()
          close(true)
        }
      }}
      onBlur={(event) => {
        const next = event.relatedTarget
        if (open && next && !event.currentTarget.contains(next)) setOpen(false)
      }}
    >
      <Button
        ref={toggle}
        type="button"
        variant="ghost"
        size="icon"
        aria-label="Search products"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((current) => !current)}
      >
        {open ? <XIcon className="size-5" /> : <SearchIcon className="size-5" />}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SearchPanel id={panelId} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  )
}

/** The toggle and the field before and without JavaScript: Enter sends the form to /shop. */
function SearchDisclosure(standInProps: NoScriptDisclosureProps) {
  const inputId = useId()
  return (
    <details className="group lg:relative" {...standInProps}>
      <summary
        aria-label="Search products"
        className={cn(
          buttonVariants({ variant: 'ghost', size: 'icon' }),
          'cursor-pointer list-none [&::-webkit-details-marker]:hidden',
        )}
      >
        <SearchIcon className="size-5 group-open:hidden" aria-hidden />
        <XIcon className="hidden size-5 group-open:block" aria-hidden />
      </summary>
      <div className={SEARCH_PANEL}>
        <SearchForm field={{ id: inputId, required: true }} />
      </div>
    </details>
  )
}
