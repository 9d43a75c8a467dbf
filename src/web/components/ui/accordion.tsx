import { ChevronDownIcon } from 'lucide-react'
import {
  createContext,
  use,
  useId,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
} from 'react'
import { cn } from '#web/lib/cn.ts'

/**
 * A single-open accordion with Radix Accordion's markup and keyboard (a heading with a button per
 * item, aria-expanded/aria-controls, a labelled region, data-state, ArrowUp/ArrowDown/Home/End
 * between the buttons), in about 1 KB instead of Radix's 5 KB gzipped: the landing page's
 * "What Sets Us Apart" and the menu drawer show one before any click (the JavaScript budget: docs/decisions/0010-page-javascript-budget.md).
 */
type AccordionState = { open: string | null; toggle: (value: string) => void }
const AccordionContext = createContext<AccordionState>({ open: null, toggle: () => undefined })
type ItemState = { value: string; open: boolean; triggerId: string; contentId: string }
const ItemContext = createContext<ItemState | null>(null)

const useItem = () => {
  const item = use(ItemContext)
  if (!item) throw new Error('an accordion part must be inside an <AccordionItem>')
  return item
}

export function Accordion({
  collapsible = false,
  defaultValue,
  value,
  onValueChange,
  className,
  children,
}: {
  type: 'single'
  collapsible?: boolean
  defaultValue?: string
  value?: string
  onValueChange?: (value: string) => void
  className?: string
  children: ReactNode
}) {
  const [own, setOwn] = useState<string | null>(defaultValue ?? null)
  const open = value !== undefined ? value || null : own
  const toggle = (item: string) => {
    const next = open === item ? (collapsible ? null : item) : item
    if (next === open) return
    setOwn(next)
    onValueChange?.(next ?? '')
  }
  return (
    <div data-orientation="vertical" className={className} onKeyDown={moveBetweenTriggers}>
      <AccordionContext value={{ open, toggle }}>{children}</AccordionContext>
    </div>
  )
}

/** ArrowDown/ArrowUp (round), Home and End move between the accordion's buttons. */
function moveBetweenTriggers(event: KeyboardEvent<HTMLDivElement>) {
  if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return
  const target = event.target as HTMLElement
  if (!target.hasAttribute('data-accordion-trigger')) return
  const triggers = [
    ...event.currentTarget.querySelectorAll<HTMLButtonElement>(
      '[data-accordion-trigger]:not(:disabled)',
    ),
  ].filter((trigger) => trigger.closest('[data-orientation]') === event.currentTarget)
  const index = triggers.indexOf(target as HTMLButtonElement)
  if (index === -1) return
  event.preventDefault()
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? triggers.length - 1
        : (index + (event.key === 'ArrowDown' ? 1 : -1) + triggers.length) % triggers.length
  triggers[next]?.focus()
}

export function AccordionItem({
  value,
  className,
  children,
}: {
  value: string
  className?: string
  children: ReactNode
}) {
  const { open } = use(AccordionContext)
  const id = useId()
  const isOpen = open === value
  return (
    <div
      data-state={isOpen ? 'open' : 'closed'}
      className={cn('border-b border-border', className)}
    >
      <ItemContext
        value={{ value, open: isOpen, triggerId: `${id}-trigger`, contentId: `${id}-content` }}
      >
        {children}
      </ItemContext>
    </div>
  )
}

export function AccordionTrigger({
  className,
  spacing = 'py-4',
  children,
  ...props
}: ComponentProps<'button'> & { spacing?: 'py-3' | 'py-4' }) {
  const { toggle } = use(AccordionContext)
  const item = useItem()
  const state = item.open ? 'open' : 'closed'
  return (
    <h3 data-state={state} className="flex">
      <button
        type="button"
        id={item.triggerId}
        aria-controls={item.contentId}
        aria-expanded={item.open}
        data-state={state}
        data-accordion-trigger=""
        className={cn(
          'flex flex-1 items-center justify-between gap-4 text-left font-medium transition-all hover:text-primary [&[data-state=open]>svg]:rotate-180',
          spacing,
          className,
        )}
        {...props}
        onClick={(event) => {
          props.onClick?.(event)
          if (!event.defaultPrevented) toggle(item.value)
        }}
      >
        {children}
        <ChevronDownIcon className="size-4 shrink-0 text-muted-foreground transition-transform duration-200" />
      </button>
    </h3>
  )
}

export function AccordionContent({ className, children }: ComponentProps<'div'>) {
  const item = useItem()
  return (
    <div
      role="region"
      id={item.contentId}
      aria-labelledby={item.triggerId}
      data-state={item.open ? 'open' : 'closed'}
      hidden={!item.open}
      className="overflow-hidden text-sm"
    >
      {/* closed, the text is not rendered, as Radix Accordion did */}
      {item.open ? <div className={cn('pb-4', className)}>{children}</div> : null}
    </div>
  )
}
