import type { ReactNode } from 'react'
import { NavLink } from '#web/lib/router.tsx'
import { SITE } from '#shared/site-content.ts'
import { POLICY_LINKS } from '#web/components/layout/info-links.ts'
import { cn } from '#web/lib/cn.ts'
import { InfoHero } from './info-hero.tsx'

export interface PolicySection {
  readonly id: string
  readonly title: string
  readonly body: ReactNode
}

/**
 * A policy page: the banner, the three policies' tabs, a list of its sections (beside them on a
 * wide screen) and the sections in plain words, ending with how to reach us.
 */
export function PolicyPage({
  title,
  intro,
  sections,
}: {
  title: string
  intro: ReactNode
  sections: readonly PolicySection[]
}) {
  return (
    <>
      <InfoHero eyebrow="Policies" title={title} intro={intro} />
      <nav aria-label="Policies" className="border-b border-border bg-background">
        <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 sm:px-6">
          {POLICY_LINKS.map((link) => (
            <li key={link.to} className="shrink-0">
              <NavLink
                to={link.to}
                end
                className={({ isActive }) =>
                  cn(
                    'inline-flex h-12 items-center border-b-2 px-3 text-sm font-semibold whitespace-nowrap transition-colors',
                    isActive
                      ? 'border-forest text-forest'
                      : 'border-transparent text-muted-foreground hover:text-foreground',
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="On this page" className="lg:sticky lg:top-40 lg:self-start">
          <h2 className="mb-3 font-sans text-sm font-semibold tracking-wide text-forest uppercase">
            On this page
          </h2>
          <ol className="flex flex-col gap-2 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="flex max-w-3xl flex-col gap-10">
          {sections.map((section) => (
            <section key={section.id} aria-labelledby={section.id} className="scroll-mt-40">
              <h2 id={section.id} className="text-2xl font-semibold text-forest">
                {section.title}
              </h2>
              <div className="mt-4 flex flex-col gap-3 text-lg leading-relaxed [&_li]:ml-5 [&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-2">
                {section.body}
              </div>
            </section>
          ))}
          <aside className="rounded-xl bg-accent/60 p-6">
            <h2 className="text-xl font-semibold text-forest">Questions?</h2>
            <p className="mt-2 text-lg">
              Write to{' '}
              <a
                href={`mailto:${SITE.email}`}
                className="font-semibold wrap-anywhere text-forest underline"
              >
                {SITE.email}
              </a>{' '}
              or call{' '}
              <a href={SITE.phone.href} className="font-semibold text-forest underline">
                {SITE.phone.display}
              </a>
              . A person answers within one business day.
            </p>
          </aside>
        </div>
      </div>
    </>
  )
}
