import { useEffect } from 'react'
import { documentTitle, SITE } from '#shared/site-content.ts'

/** Sets the tab title: "{page} | Houston Farm to Door", or the shop's name alone. */
export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = documentTitle(title ?? SITE.name)
  }, [title])
}
