import { SearchIcon } from 'lucide-react'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useNavigate } from '#web/lib/router.tsx'
import { paths } from '#shared/routes.ts'
import { Input } from '#web/components/ui/input.tsx'
import { SearchDropdown } from './search-dropdown.tsx'

/** Focus moves into the field this long after the box opens (docs/product.md#catalogue). */
const FOCUS_DELAY_MS = 100

/** The header search's panel: the field and its 5-result dropdown (./header-search.tsx). */
export function SearchPanel({ id, onClose }: { id: string; onClose: () => void }) {
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
    <div
      id={id}
      ref={panel}
      onKeyDown={moveFocus}
      className="absolute top-full right-0 left-0 border-b border-border bg-card px-4 pt-3 pb-2 shadow-lg animate-fade-in lg:left-auto lg:mt-3 lg:w-[28rem] lg:rounded-xl lg:border lg:px-3"
    >
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault()
          const term = text.trim()
          if (term === '') return
          void navigate(paths.shopSearch(term))
          onClose()
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Search products and farms
        </label>
        <div className="relative">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            ref={input}
            id={inputId}
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            maxLength={100}
            placeholder="Search products and farms"
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="pl-9"
          />
        </div>
      </form>
      <SearchDropdown text={text} onNavigate={onClose} />
    </div>
  )
}
