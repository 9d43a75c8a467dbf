// The boot script: inlined by the server at the top of every server-rendered page's <head>
// (docs/decisions/0009-server-rendering.md), so it costs no request. It starts the app once the
// page's main pictures are on screen: the HTML, its stylesheet and those pictures come first,
// the script (which only makes the page interactive) after them. The server names the entry
// script and the chunks to preload in the tag's data attributes. The headings' font comes after
// the pictures too (docs/decisions/0011-heading-font-after-first-paint.md).
//
// With data-start="first-action" (the landing page) it waits instead for the visitor's first
// action (a touch, scroll, key, focus or pointer movement), unless the visit is personal (signed
// in, or a basket in the browser), which the page shows only once the app runs
// (docs/decisions/0010-page-javascript-budget.md).
//
// On every page, what the visitor does before the app has taken over is kept: a press starts the
// app at once, and the app's buttons pressed and its forms sent meanwhile are pressed and sent
// again, once each and in order, when it has (docs/decisions/0014-early-presses.md).
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
    entry.addEventListener('error', () => presses.appFailed(), { once: true })
    document.head.append(entry)
  }
  const presses = keepEarlyPresses(start)
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

/** Starts the app at the visitor's first action. */
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
  const onAction = (event: Event) => {
    // a pointer resting over the page as it loads: some browsers then send a pointermove that
    // moved nothing, which is no visitor's action (the next real move is)
    if (event instanceof MouseEvent && event.type === 'pointermove' && isStill(event)) return
    for (const action of actions) window.removeEventListener(action, onAction, true)
    start()
  }
  for (const action of actions) {
    window.addEventListener(action, onAction, { capture: true, passive: true })
  }
}

function isStill(event: MouseEvent) {
  return event.movementX === 0 && event.movementY === 0
}

/** after a form was kept this long without the app taking over, the browser sends it itself */
const LONGEST_WAIT_FOR_APP_MS = 15_000

/**
 * Keeps what the visitor does before the app has taken over the page, and does it again once it
 * has (`app:hydrated`, dispatched by main.tsx):
 * - a press of one of the app's buttons (`type="button"`, or one outside any form), which
 *   without the app does nothing;
 * - a form the app answers in place (`data-kept-until-app`, the header's ZIP check): held back,
 *   then sent through the app. If the app cannot start (its script failed) or has not taken over
 *   LONGEST_WAIT_FOR_APP_MS after the press, the browser sends it as a plain form, and the server
 *   answers it as a page.
 * Any press also starts the app at once, ahead of the pictures. Links, `<summary>` disclosures and
 * plain forms (search, filters) work without the app and are left to the browser. From the moment
 * React hydrates (`data-hydrating`, set by main.tsx) it answers presses itself, so none is kept
 * then and none is answered twice.
 */
function keepEarlyPresses(start: () => void) {
  const kept: { again: () => void; plainly?: () => void }[] = []
  let over = false
  const appHasTaken = () => over || document.documentElement.hasAttribute('data-hydrating')

  const onClick = (event: MouseEvent) => {
    if (appHasTaken()) return stop()
    const target = event.target instanceof Element ? event.target : null
    const button = target?.closest('button')
    if (!button || button.disabled || button.closest('summary')) return
    if (button.type !== 'button' && button.form) return // a form's own button: its submit decides
    start()
    kept.push({ again: () => button.isConnected && !button.disabled && button.click() })
  }
  const onSubmit = (event: SubmitEvent) => {
    if (appHasTaken()) return stop()
    const form = event.target
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-kept-until-app')) return
    event.preventDefault()
    start()
    const plainly = () => {
      if (!form.isConnected) return
      stop()
      form.submit()
    }
    kept.push({ again: () => form.isConnected && form.requestSubmit(), plainly })
    setTimeout(() => {
      if (!over) plainly()
    }, LONGEST_WAIT_FOR_APP_MS)
  }
  function stop() {
    over = true
    document.removeEventListener('click', onClick, true)
    document.removeEventListener('submit', onSubmit, true)
  }
  document.addEventListener('click', onClick, true)
  document.addEventListener('submit', onSubmit, true)
  document.addEventListener(
    'app:hydrated',
    () => {
      stop()
      const pending = kept.splice(0)
      // one at a time, each after the app has answered the one before (a dialog opened, a button
      // turned into a stepper) as it would between two presses
      const next = () => {
        const press = pending.shift()
        if (!press) return
        press.again()
        setTimeout(next, 0)
      }
      setTimeout(next, 0)
    },
    { once: true },
  )
  return {
    /** the app's script could not be fetched: a kept form goes to the server as a plain one */
    appFailed() {
      stop()
      const pending = kept.splice(0)
      pending.find((press) => press.plainly)?.plainly?.()
    },
  }
}
