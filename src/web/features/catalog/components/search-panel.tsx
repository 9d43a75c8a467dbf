import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useNavigate } from '#web/lib/router.tsx'
import { paths } from '#shared/routes.ts'
import { SearchDropdown } from './search-dropdown.tsx'
import { SEARCH_PANEL, SearchForm } from './search-form.tsx'

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
    <div id={id} ref={panel} onKeyDown={moveFocus} className={SEARCH_PANEL}>
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
