import { ArrowRightIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from '#web/lib/router.tsx'
import { cn } from '#web/lib/cn.ts'

/**
 * A 'View All Producers' button that appears once the visitor has scrolled 70% of the page
 * (docs/product.md#pages).
 */
export function ViewAllProducersButton() {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    const update = () => {
      const scrollable = document.documentElement.scrollHeight - window.innerHeight
      setShown(scrollable > 0 && window.scrollY / scrollable >= 0.7)
    }
    update()
    window.addEventListener('scroll', update, { passive: true })
    window.addEventListener('resize', update, { passive: true })
    return () => {
      window.removeEventListener('scroll', update)
      window.removeEventListener('resize', update)
    }
  }, [])
  return (
    <Link
      to="/producers"
      aria-hidden={!shown}
      tabIndex={shown ? undefined : -1}
      className={cn(
        'fixed right-4 bottom-4 z-30 inline-flex items-center gap-2 rounded-full bg-forest px-5 py-3 font-semibold text-white shadow-lg transition-all duration-300 hover:bg-forest-dark sm:right-6 sm:bottom-6',
        shown ? 'translate-y-0 opacity-100' : 'pointer-events-none translate-y-4 opacity-0',
      )}
    >
      View All Producers <ArrowRightIcon className="size-4" aria-hidden />
    </Link>
  )
}
