import { ArrowLeftIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from '#web/lib/router.tsx'
import { LogoMark, LogoName } from './logo.tsx'

/**
 * The admin's header (docs/product.md#admin): the shop's name, which leads to the dashboard, the
 * way back to the shop, and the account corner the app passes in. Compact, and off paper.
 */
export function AdminHeader({ account }: { account?: ReactNode }) {
  return (
    <header className="border-b border-forest-dark bg-forest text-cream print:hidden">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-2.5 sm:px-6">
        {/* to the dashboard; its name is what it shows, "Houston Farm to Door Admin" */}
        <Link to="/admin" className="inline-flex items-center gap-2.5 rounded-md">
          <LogoMark className="size-8 rounded-lg ring-1 ring-cream/30" />
          <LogoName className="text-base text-cream" />{' '}
          <span className="rounded-full bg-wheat px-2 py-0.5 text-xs font-semibold tracking-wide text-forest-dark uppercase">
            Admin
          </span>
        </Link>
        <div className="flex w-full items-center justify-between gap-3 text-sm sm:ml-auto sm:w-auto sm:justify-end sm:gap-5">
          <Link
            to="/shop"
            className="inline-flex items-center gap-1.5 rounded-md py-1 font-medium text-cream/90 hover:text-white hover:underline"
          >
            <ArrowLeftIcon className="size-4" aria-hidden />
            Back to shop
          </Link>
          {account}
        </div>
      </div>
    </header>
  )
}
