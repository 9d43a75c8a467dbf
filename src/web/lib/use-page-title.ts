import { useEffect } from 'react'
import { documentTitle } from '#shared/page-meta.ts'
import { SITE } from '#shared/site-content.ts'

/** Sets the tab title: "{page} | Houston Farm to Door", or the shop's name alone. */
export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = documentTitle(title ?? SITE.name)
  }, [title])
}

/** Keeps the meta description in step with the page (the server sends the first one). */
export function useMetaDescription(description: string | undefined) {
  useEffect(() => {
    if (!description) return
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]')
    if (!tag) {
      tag = document.createElement('meta')
      tag.name = 'description'
      document.head.append(tag)
    }
    tag.content = description
  }, [description])
}
