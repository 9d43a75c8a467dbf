import type { ReactNode } from 'react'
import { Link } from '#web/lib/router.tsx'
import { SITE } from '#shared/site-content.ts'
import { INFO_LINKS, POLICY_LINKS } from './info-links.ts'
import { Logo } from './logo.tsx'

/** The footer of every page; the newsletter form is passed in by the app. */
export function SiteFooter({ newsletter }: { newsletter?: ReactNode }) {
  return (
    <footer className="mt-16 bg-forest-dark text-cream print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.2fr_1fr_1.2fr]">
        <div className="flex flex-col gap-4">
          <Logo tone="light" className="self-start [&_svg_rect]:fill-leaf" />
          <p className="max-w-sm text-sm text-cream/85">{SITE.tagline}</p>
          <ul className="flex gap-4 text-sm">
            {SITE.social.map((network) => (
              <li key={network.name}>
                <a
                  href={network.href}
                  rel="noopener noreferrer"
                  className="text-cream/85 underline-offset-4 hover:text-white hover:underline"
                >
                  {network.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Footer">
          <h2 className="mb-3 font-sans text-sm font-semibold tracking-wide text-butter uppercase">
            Explore
          </h2>
          <ul className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm md:grid-cols-1">
            {INFO_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-cream/85 hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-col gap-3">
          {newsletter ? (
            <>
              <h2 className="font-sans text-sm font-semibold tracking-wide text-butter uppercase">
                Stay in the loop
              </h2>
              <p className="text-sm text-cream/85">
                What&apos;s in season, new producers and the odd recipe. No spam.
              </p>
              {newsletter}
            </>
          ) : (
            <h2 className="font-sans text-sm font-semibold tracking-wide text-butter uppercase">
              Get in touch
            </h2>
          )}
          <p className="text-sm text-cream/85">
            Questions?{' '}
            <a href={SITE.phone.href} className="font-semibold text-white hover:underline">
              {SITE.phone.display}
            </a>{' '}
            or{' '}
            <a href={`mailto:${SITE.email}`} className="font-semibold text-white hover:underline">
              {SITE.email}
            </a>
          </p>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-5 text-xs text-cream/80 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© {SITE.name}. Delivered Saturdays, 5:00 AM – 5:00 PM.</p>
          <ul aria-label="Policies" className="flex flex-wrap gap-4">
            {POLICY_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  )
}
