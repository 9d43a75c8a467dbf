import { SearchIcon, XIcon } from 'lucide-react'
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent,
} from 'react'
import { useNavigate } from '#web/lib/router.tsx'
import { paths } from '#shared/routes.ts'
import { Button, buttonVariants } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { cn } from '#web/lib/cn.ts'
import { useHydrated } from '#web/lib/use-hydrated.ts'
import { SearchDropdown } from './search-dropdown.tsx'

/** Focus moves into the field this long after the box opens (docs/product.md#catalogue). */
const FOCUS_DELAY_MS = 100

/**
 * On phones the panel hangs from the (sticky, so positioned) header across its width; on large
 * screens it hangs from the toggle.
 */
const PANEL =
  'absolute top-full right-0 left-0 border-b border-border bg-card px-4 pt-3 pb-2 shadow-lg animate-fade-in lg:left-auto lg:mt-3 lg:w-[28rem] lg:rounded-xl lg:border lg:px-3'

/**
 * The header's search toggle and dropdown (docs/product.md#catalogue): open or closed, and closing
 * clears the text (the panel, with its text, is unmounted). It closes on a click outside, on Escape
 * (focus back on the toggle), when focus leaves it, and after choosing a result. Before and
 * without JavaScript the toggle is a disclosure around the same GET form, which lands on
 * /shop?search= (docs/product.md#without-javascript).
 */
export function HeaderSearch() {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  const panelId = useId()

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

  if (!hydrated) return <SearchDisclosure />
  return (
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
      {open ? <SearchPanel id={panelId} onClose={close} /> : null}
    </div>
  )
}

function SearchPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const [text, setText] = useState('')
  const input = useRef<HTMLInputElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const inputId = useId()
  const navigate = useNavigate()

  useEffect(() => {
    const timer = setTimeout(() => input.current?.focus(), FOCUS_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])

  /** Arrow keys move between the field and the result links. */
  function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    const items = [
      input.current,
      ...(panel.current?.querySelectorAll<HTMLElement>('[data-search-item]') ?? []),
    ].filter((item): item is HTMLElement => item !== null)
    const index = items.findIndex((item) => item === document.activeElement)
    if (index === -1 || items.length < 2) return
    event.preventDefault()
    const step = event.key === 'ArrowDown' ? 1 : -1
    items[(index + step + items.length) % items.length]?.focus()
  }

  return (
    <div id={id} ref={panel} onKeyDown={moveFocus} className={PANEL}>
      <SearchForm
        onSubmit={(event) => {
          event.preventDefault()
          const term = text.trim()
          if (term === '') return
          void navigate(paths.shopSearch(term))
          onClose()
        }}
        field={{
          ref: input,
          id: inputId,
          value: text,
          onChange: (event) => setText(event.target.value),
        }}
      />
      <SearchDropdown text={text} onNavigate={onClose} />
    </div>
  )
}

/** The toggle and the field before and without JavaScript: Enter sends the form to /shop. */
function SearchDisclosure() {
  const inputId = useId()
  return (
    <details className="group lg:relative">
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
      <div className={PANEL}>
        <SearchForm field={{ id: inputId, required: true }} />
      </div>
    </details>
  )
}

function SearchForm({
  onSubmit,
  field,
}: {
  onSubmit?: ComponentProps<'form'>['onSubmit']
  field: ComponentProps<'input'> & { id: string }
}) {
  return (
    // a GET form to the shop's search page: with JavaScript onSubmit goes there in the page
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
