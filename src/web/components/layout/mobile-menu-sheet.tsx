import { PhoneIcon } from 'lucide-react'
import type { ReactNode, RefObject } from 'react'
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
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '#web/components/ui/sheet.tsx'
import { INFO_LINKS } from './info-links.ts'

/**
 * The small-screen menu's drawer: categories in an accordion, the quick links and a phone link.
 * Loaded the first time the menu button is pressed (./mobile-menu.tsx). A link, or a control
 * marked data-menu-close (Log out), closes it.
 */
export function MobileMenuSheet({
  open,
  onOpenChange,
  extras,
  trigger,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  extras?: ReactNode
  /** the menu button: focus goes back to it when the drawer closes */
  trigger: RefObject<HTMLButtonElement | null>
}) {
  const close = () => onOpenChange(false)
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        className="overflow-y-auto"
        // focus the drawer itself: focusing its ZIP field would pop up a phone's keyboard
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          trigger.current?.focus()
        }}
        onOpenAutoFocus={(event) => {
          event.preventDefault()
          ;(event.currentTarget as HTMLElement).focus()
        }}
      >
        <SheetHeader>
          <SheetTitle>Menu</SheetTitle>
          <SheetDescription>Shop by category or find out more about us.</SheetDescription>
        </SheetHeader>
        <nav
          aria-label="Mobile"
          className="flex flex-col gap-6 p-5"
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('a, [data-menu-close]')) close()
          }}
        >
          {extras ? (
            <div className="flex flex-col gap-4 border-b border-border pb-5">{extras}</div>
          ) : null}
          <Accordion type="single" collapsible>
            {TOP_MENU_CATEGORIES.map((category) => (
              <AccordionItem key={category.slug} value={category.slug}>
                <AccordionTrigger spacing="py-3" className="text-base">
                  {category.title}
                </AccordionTrigger>
                <AccordionContent>
                  <ul className="flex flex-col">
                    <li>
                      <Link
                        to={paths.shop(category.slug)}
                        className="block rounded-md px-3 py-2 font-semibold text-primary hover:bg-accent"
                      >
                        Shop all {category.title}
                      </Link>
                    </li>
                    {category.subcategories.map((subcategory) => (
                      <li key={subcategory.slug}>
                        <Link
                          to={paths.shop(category.slug, subcategory.slug)}
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
