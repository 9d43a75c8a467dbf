import type { ReactNode } from 'react'
import { Link } from '#web/lib/router.tsx'
import type { ServiceAreaResult } from '#shared/schemas/service-area.ts'
import { Button } from '#web/components/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx'

/** The header ZIP check's answer (docs/product.md#service-area): "Great News!" or "Sorry!". */
export function ZipResultDialog({
  result,
  onClose,
  renderUnavailable,
}: {
  result: ServiceAreaResult | null
  onClose: () => void
  renderUnavailable?: ((zip: string) => ReactNode) | undefined
}) {
  return (
    <Dialog open={result !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {result?.isValid ? (
          <>
            <DialogHeader>
              <DialogTitle>Great News!</DialogTitle>
              <DialogDescription>We deliver to {result.zipCode}!</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button asChild onClick={onClose}>
                <Link to="/shop">Start Shopping</Link>
              </Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Sorry!</DialogTitle>
              <DialogDescription>
                We don&apos;t currently deliver to {result?.zipCode}. We serve the Houston and
                greater Houston area.
              </DialogDescription>
            </DialogHeader>
            {result && renderUnavailable ? renderUnavailable(result.zipCode) : null}
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Close</Button>
              </DialogClose>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
