import { MenuIcon } from 'lucide-react'
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react'
import { Button } from '#web/components/ui/button.tsx'

// the drawer (Radix Dialog and its focus trap, scroll lock...) loads on the first press: the
// first paint needs only the button (the JavaScript budget: docs/decisions/0010-page-javascript-budget.md)
const MobileMenuSheet = lazy(() =>
  import('./mobile-menu-sheet.tsx').then((module) => ({ default: module.MobileMenuSheet })),
)

/** The small-screen menu button; its drawer (./mobile-menu-sheet.tsx) loads when first opened. */
export function MobileMenu({ className, extras }: { className?: string; extras?: ReactNode }) {
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  return (
    <>
      <Button
        ref={trigger}
        variant="ghost"
        size="icon"
        className={className}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onClick={() => {
          setWanted(true)
          setOpen((current) => !current)
        }}
      >
        <MenuIcon className="size-6" />
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} extras={extras} trigger={trigger} />
        </Suspense>
      ) : null}
    </>
  )
}
