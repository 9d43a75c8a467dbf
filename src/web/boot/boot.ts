// The boot script: inlined by the server at the top of every server-rendered page's <head>
// (docs/decisions/0009-server-rendering.md), so it costs no request. It starts the app once the
// page's main pictures are on screen: the HTML, its stylesheet and those pictures come first,
// the script (which only makes the page interactive) after them. The server names the entry
// script and the chunks to preload in the tag's data attributes. The headings' font comes after
// the pictures too (docs/decisions/0011-heading-font-after-first-paint.md).
//
// With data-start="first-action" (the landing page) it waits instead for the visitor's first
// action (a touch, scroll, key, focus or pointer movement), unless the visit is personal (signed
// in, or a basket in the browser), which the page shows only once the app runs. A button tapped
// before the app has taken over the page is tapped again once it has
// (docs/decisions/0010-page-javascript-budget.md).
import { loadHeadingFont } from '#web/lib/heading-font.ts'

/** however long the pictures take, the app starts after this */
const LONGEST_WAIT_FOR_PICTURES_MS = 3_000
/** where no paint is reported: the margin after the frames that drew the pictures */
const SHOWN_AFTER_DRAWN_MS = 100

const boot = document.currentScript
if (boot) {
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
  const startsAtFirstAction = options.start === 'first-action' && !isPersonalVisit()

  afterMainPicturesPainted(() => {
    loadHeadingFont()
    if (!startsAtFirstAction) start()
  })
  if (startsAtFirstAction) startAtFirstAction(start)

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
}

/**
 * Runs `then` once the page's main pictures (those fetched with high priority) are on screen, or
 * after LONGEST_WAIT_FOR_PICTURES_MS. The browser reports a paint (largest-contentful-paint) once
 * it is shown, a little after it is drawn: what starts after that report cannot arrive before the
 * paint. Where no main picture is the largest paint (a longer text) or the browser reports none,
 * the main pictures' arrival, two frames and a margin stand in: without the margin, the app's
 * first chunks arrived before the paint they followed in a third of Lighthouse's runs of the
 * product page.
 */
function afterMainPicturesPainted(then: () => void) {
  let done = false
  const once = () => {
    if (done) return
    done = true
    then()
  }
  setTimeout(once, LONGEST_WAIT_FOR_PICTURES_MS)
  // a frame is shown a little after it is drawn (tens of milliseconds in headless Chromium)
  const afterTwoFrames = () =>
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(once, SHOWN_AFTER_DRAWN_MS)))
  const whenParsed = () => {
    const pictures = new Set<Element>(document.querySelectorAll('img[fetchpriority="high"]'))
    if (
      'PerformanceObserver' in window &&
      PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint')
    ) {
      new PerformanceObserver((list, observer) => {
        const shown = list.getEntries().some((paint) => {
          const element = (paint as PerformanceEntry & { element?: Element | null }).element
          return pictures.size === 0 || (!!element && pictures.has(element))
        })
        if (!shown) return
        observer.disconnect()
        once()
      }).observe({ type: 'largest-contentful-paint', buffered: true })
    }
    const pending = [...pictures].filter(
      (picture) => picture instanceof HTMLImageElement && !picture.complete,
    )
    let waiting = pending.length
    if (waiting === 0) return afterTwoFrames()
    const arrived = () => {
      waiting -= 1
      if (waiting === 0) afterTwoFrames()
    }
    for (const picture of pending) {
      picture.addEventListener('load', arrived, { once: true })
      picture.addEventListener('error', arrived, { once: true })
    }
  }
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', whenParsed, { once: true })
  else whenParsed()
}

/**
 * Starts the app at the visitor's first action. React answers clicks itself from the moment it
 * starts hydrating (main.tsx marks it); a button clicked before then is clicked again after.
 */
function startAtFirstAction(start: () => void) {
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

  let tapped: HTMLButtonElement | null = null
  const rememberTap = (event: Event) => {
    if (document.documentElement.hasAttribute('data-hydrating')) return
    const target = event.target instanceof Element ? event.target : null
    tapped = target?.closest<HTMLButtonElement>('button[type="button"]') ?? tapped
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
}
