import {
  cloneElement,
  lazy,
  Suspense,
  useRef,
  useState,
  type MouseEvent,
  type ReactElement,
  type Ref,
} from 'react'

// the dialog (Radix Dialog) and the form load when the button is first pressed: the landing
// page shows only the button before any click (the JavaScript budget: docs/decisions/0010-page-javascript-budget.md)
const WaitlistDialogContent = lazy(() =>
  import('./waitlist-dialog-content.tsx').then((module) => ({
    default: module.WaitlistDialogContent,
  })),
)

type TriggerProps = {
  onClick?: (event: MouseEvent<HTMLElement>) => void
  ref?: Ref<HTMLElement>
}

/**
 * The waitlist modal's button (docs/product.md#visitor-forms): `children` is the button that
 * opens it (it gets the focus back on close), given the dialog's ARIA as Radix's trigger did.
 */
export function WaitlistDialog({ children }: { children: ReactElement<TriggerProps> }) {
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const trigger = useRef<HTMLElement>(null)
  return (
    <>
      {cloneElement(children, {
        ref: trigger,
        'aria-haspopup': 'dialog',
        'aria-expanded': open,
        'data-state': open ? 'open' : 'closed',
        onClick: (event: MouseEvent<HTMLElement>) => {
          children.props.onClick?.(event)
          if (event.defaultPrevented) return
          setWanted(true)
          setOpen(true)
        },
      } as TriggerProps)}
      {wanted ? (
        <Suspense fallback={null}>
          <WaitlistDialogContent open={open} onOpenChange={setOpen} trigger={trigger} />
        </Suspense>
      ) : null}
    </>
  )
}
