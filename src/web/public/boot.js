// Starts the app on a server-rendered page once the page has been painted: the HTML, its
// stylesheet and its pictures come first, the script (which only makes the page interactive)
// after them (docs/decisions/0009-server-rendering.md). The server names the entry script and
// the chunks to preload in this tag's data attributes.
;(() => {
  const boot = document.currentScript
  if (!boot) return
  const start = () => {
    for (const href of (boot.dataset.preload ?? '').split(' ').filter(Boolean)) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = href
      document.head.append(link)
    }
    const entry = document.createElement('script')
    entry.type = 'module'
    entry.crossOrigin = ''
    entry.src = boot.dataset.entry ?? ''
    document.head.append(entry)
  }
  // the frame's callback runs before it is painted; the timeout after
  requestAnimationFrame(() => setTimeout(start, 0))
})()
