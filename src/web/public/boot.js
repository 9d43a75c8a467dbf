// Starts the app on a server-rendered page once the page has been painted: the HTML, its
// stylesheet and its pictures come first, the script (which only makes the page interactive)
// after them (docs/decisions/0009-server-rendering.md). The server names the entry script and
// the chunks to preload in this tag's data attributes.
//
// With data-start="first-action" (the landing page) it waits instead for the visitor's first
// action (a touch, scroll, key, focus or pointer movement), unless the visit is personal (signed
// in, or a basket in the browser), which the page shows only once the app runs. A button tapped
// before the app has taken over the page is tapped again once it has
// (docs/decisions/0010-page-javascript-budget.md).
;(() => {
  const boot = document.currentScript
  if (!boot) return
  const options = boot.dataset
  let started = false
  const start = () => {
    if (started) return
    started = true
    for (const href of (options.preload ?? '').split(' ').filter(Boolean)) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = href
      document.head.append(link)
    }
    const entry = document.createElement('script')
    entry.type = 'module'
    entry.crossOrigin = ''
    entry.src = options.entry ?? ''
    document.head.append(entry)
  }
  const afterFirstPaint = () => {
    // the frame's callback runs before it is painted; the timeout after
    requestAnimationFrame(() => setTimeout(start, 0))
  }
  if (options.start !== 'first-action' || isPersonalVisit()) {
    afterFirstPaint()
    return
  }

  const actions = [
    'pointerdown',
    'pointermove',
    'touchstart',
    'keydown',
    'focusin',
    'scroll',
    'wheel',
  ]
  const onAction = () => {
    for (const action of actions) window.removeEventListener(action, onAction, true)
    start()
  }
  for (const action of actions) {
    window.addEventListener(action, onAction, { capture: true, passive: true })
  }

  // React answers clicks itself from the moment it starts hydrating (main.tsx marks it); a
  // button clicked before then would otherwise do nothing
  let tapped = null
  const rememberTap = (event) => {
    if (document.documentElement.hasAttribute('data-hydrating')) return
    const target = event.target instanceof Element ? event.target : null
    tapped = target?.closest('button[type="button"]') ?? tapped
  }
  document.addEventListener('click', rememberTap, true)
  document.addEventListener(
    'app:hydrated',
    () => {
      document.removeEventListener('click', rememberTap, true)
      // after the effects that announced it: React then handles the click as any other
      setTimeout(() => {
        if (tapped?.isConnected) tapped.click()
      }, 0)
    },
    { once: true },
  )

  function isPersonalVisit() {
    const cookie = options.personalCookie
    const stored = options.personalStorage
    const hasCookie =
      !!cookie && document.cookie.split(';').some((pair) => pair.trim().startsWith(`${cookie}=`))
    let hasStored = false
    try {
      hasStored = !!stored && window.localStorage.getItem(stored) !== null
    } catch {
      // storage refused (private mode, settings): nothing personal can be in it
    }
    return hasCookie || hasStored
  }
})()
