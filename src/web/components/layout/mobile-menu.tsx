import { MenuIcon, PhoneIcon } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link } from '#web/lib/router.tsx'
import { TOP_MENU_CATEGORIES } from '#shared/domain/catalog.ts'
import { paths } from '#shared/routes.ts'
import { SITE } from '#shared/site-content.ts'
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '#web/components/ui/accordion.tsx'
import { Button, buttonVariants } from '#web/components/ui/button.tsx'
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '#web/components/ui/sheet.tsx'
import { cn } from '#web/lib/cn.ts'
import { useHydrated } from '#web/lib/use-hydrated.ts'
import { INFO_LINKS } from './info-links.ts'

/**
 * The small-screen menu: categories in an accordion, the quick links and a phone link. The
 * drawer needs JavaScript: until the page has it, the same button opens a plain list of the
 * categories and quick links under the header (docs/product.md#without-javascript).
 */
export function MobileMenu({ className, extras }: { className?: string; extras?: ReactNode }) {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  const close = () => setOpen(false)
  if (!hydrated) return <MenuDisclosure className={className} />
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className={className} aria-label="Open menu">
          <MenuIcon className="size-6" />
        </Button>
      </SheetTrigger>
      <SheetContent
        side="left"
        className="overflow-y-auto"
        // focus the drawer itself: focusing its ZIP field would pop up a phone's keyboard
        onOpenAutoFocus={(event) => {
          event.preventDefault()
          ;(event.currentTarget as HTMLElement).focus()
        }}
      >
        <SheetHeader>
          <SheetTitle>Menu</SheetTitle>
          <SheetDescription>Shop by category or find out more about us.</SheetDescription>
        </SheetHeader>
        <nav aria-label="Mobile" className="flex flex-col gap-6 p-5">
          {extras ? (
            <div className="flex flex-col gap-4 border-b border-border pb-5">{extras}</div>
          ) : null}
          <Accordion type="single" collapsible>
            {TOP_MENU_CATEGORIES.map((category) => (
              <AccordionItem key={category.slug} value={category.slug}>
                <AccordionTrigger className="py-3 text-base">{category.title}</AccordionTrigger>
                <AccordionContent>
                  <ul className="flex flex-col">
                    <li>
                      <Link
                        to={paths.shop(category.slug)}
                        onClick={close}
                        className="block rounded-md px-3 py-2 font-semibold text-primary hover:bg-accent"
                      >
                        Shop all {category.title}
                      </Link>
                    </li>
                    {category.subcategories.map((subcategory) => (
                      <li key={subcategory.slug}>
                        <Link
                          to={paths.shop(category.slug, subcategory.slug)}
                          onClick={close}
                          className="block rounded-md px-3 py-2 hover:bg-accent"
                        >
                          {subcategory.title}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
          <ul className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            {INFO_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  onClick={close}
                  className="block py-1.5 text-muted-foreground hover:text-foreground"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <a
            href={SITE.phone.href}
            className="inline-flex items-center gap-2 self-start rounded-md bg-accent px-3 py-2 text-sm font-semibold text-accent-foreground"
          >
            <PhoneIcon className="size-4" aria-hidden />
            Call us: {SITE.phone.display}
          </a>
        </nav>
      </SheetContent>
    </Sheet>
  )
}

/** The menu before and without JavaScript: links only, in a panel under the header. */
function MenuDisclosure({ className }: { className?: string }) {
  return (
    <details className={cn('group', className)}>
      <summary
        aria-label="Open menu"
        className={cn(
          buttonVariants({ variant: 'ghost', size: 'icon' }),
          'cursor-pointer list-none [&::-webkit-details-marker]:hidden',
        )}
      >
        <MenuIcon className="size-6" aria-hidden />
      </summary>
      {/* the header is sticky, so positioned: the panel hangs from it across its width */}
      <nav
        aria-label="Mobile"
        className="absolute top-full right-0 left-0 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-border bg-card p-5 shadow-lg"
      >
        <ul className="flex flex-col">
          <li>
            <Link to={paths.shop()} className="block py-2.5 font-semibold text-primary">
              Shop all products
            </Link>
          </li>
          {TOP_MENU_CATEGORIES.map((category) => (
            <li key={category.slug} className="border-t border-border">
              <Link to={paths.shop(category.slug)} className="block py-2.5 text-base font-medium">
                {category.title}
              </Link>
            </li>
          ))}
        </ul>
        <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1 border-t border-border pt-4 text-sm">
          {INFO_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="block py-1.5 text-muted-foreground hover:text-foreground"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <a
          href={SITE.phone.href}
          className="mt-4 inline-flex items-center gap-2 rounded-md bg-accent px-3 py-2 text-sm font-semibold text-accent-foreground"
        >
          <PhoneIcon className="size-4" aria-hidden />
          Call us: {SITE.phone.display}
        </a>
      </nav>
    </details>
  )
}
