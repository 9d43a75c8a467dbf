import { TriangleAlertIcon } from 'lucide-react'

/** An inline problem with the payment, beside the form (the toast says it too, briefly). */
export function PaymentAlert({ title, message }: { title: string; message: string }) {
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm"
    >
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <div>
        <p className="font-semibold text-destructive">{title}</p>
        <p className="mt-0.5">{message}</p>
      </div>
    </div>
  )
}
