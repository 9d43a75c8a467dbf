import { NavLink } from '#web/lib/router.tsx'
import { cn } from '#web/lib/cn.ts'

const ABOUT_SECTIONS = [
  { to: '/about', label: 'About Us' },
  { to: '/how-it-works', label: 'How it Works' },
  { to: '/press', label: 'Press' },
  { to: '/our-standards', label: 'Our Standards' },
] as const

/** The sub-navigation shared by the four "about" pages; it sticks just under the sticky header. */
export function InfoSubnav() {
  return (
    <nav
      aria-label="About us"
      className="sticky top-[calc(4rem+1px)] z-30 border-b lg:top-[calc(7.25rem+1px)] border-border bg-background/95 backdrop-blur"
    >
      <ul className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 sm:px-6">
        {ABOUT_SECTIONS.map((section) => (
          <li key={section.to} className="shrink-0">
            <NavLink
              to={section.to}
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
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
