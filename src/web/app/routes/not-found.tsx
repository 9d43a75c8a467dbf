import { Link } from '#web/lib/router.tsx'
import type { PageName } from '#shared/routes.ts'
import { Button } from '#web/components/ui/button.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'

interface NotFoundCopy {
  title?: string
  message?: string
  backTo?: { to: string; label: string }
}

/** What a page about one thing says when that thing does not exist (HTTP 404 from the server). */
export const NOT_FOUND_COPY: Partial<Record<PageName, NotFoundCopy>> = {
  product: {
    title: 'Product not found',
    message:
      "That product isn't in our shop. It may have been retired, or the link may be mistyped.",
    backTo: { to: '/shop', label: 'Back to Shop' },
  },
  producer: {
    title: 'Producer not found',
    message: "We don't work with a producer at that address. Meet the ones we do.",
    backTo: { to: '/producers', label: 'See all producers' },
  },
}

/** The 404 page; `about` names the page about one thing whose copy it takes (NOT_FOUND_COPY). */
export default function NotFoundPage({ about, ...given }: NotFoundCopy & { about?: PageName }) {
  const {
    title = 'Page not found',
    message = "We couldn't find that page. It may have moved, or the link may be mistyped.",
    backTo = { to: '/shop', label: 'Browse the shop' },
  } = { ...(about && NOT_FOUND_COPY[about]), ...given }
  usePageTitle(title)
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-20 text-center">
      <img
        src="/illustrations/products/produce-box.svg"
        alt=""
        width={160}
        height={160}
        className="size-40 rounded-2xl"
      />
      <p className="text-sm font-semibold tracking-wide text-forest uppercase">404</p>
      <h1 className="text-4xl font-semibold text-forest">{title}</h1>
      <p className="text-lg text-muted-foreground">{message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={backTo.to}>{backTo.label}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">Go to the home page</Link>
        </Button>
      </div>
    </section>
  )
}
