import { Button } from '#web/components/ui/button.tsx'

/** Shown when a page fails to render or load (e.g. a chunk missing after a deploy). */
export function RouteError() {
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center"
      role="alert"
    >
      <h1 className="text-3xl font-semibold text-forest">Something went wrong</h1>
      <p className="text-muted-foreground">
        This page could not be shown. Reloading usually fixes it.
      </p>
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </section>
  )
}
