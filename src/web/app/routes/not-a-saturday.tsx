/** A week page asked for a day that is not a delivery Saturday: the nearest one is named. */
export function NotASaturday({ message }: { message: string }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16">
      <section className="rounded-2xl border border-border bg-card p-8 text-center shadow-sm">
        <h1 className="text-2xl font-semibold text-forest">Not a delivery day</h1>
        <p className="mt-3 text-muted-foreground">{message}</p>
      </section>
    </div>
  )
}
