import { compile, type FormatCallback } from 'html-to-text'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

/**
 * How a piece of an e-mail reads in the plain-text part, named by a class on its element. The
 * text part is made from the HTML, so each piece says the same in both; these only say how it
 * is laid out without HTML.
 */
export const TEXT = {
  /** HTML only: a line break for the layout, a table's column heads, the button's fallback link */
  skip: 'text-skip',
  /** a line of its own */
  line: 'text-line',
  /** a line of its own, indented under the line before: a box's contents */
  indented: 'text-indented',
  /** " [Taxable]" */
  bracketed: 'text-bracketed',
  /** " (Gundermann Acres)" */
  parenthesized: 'text-parenthesized',
  /** "Total: $74.19": a value after its label, on the label's line */
  afterLabel: 'text-after-label',
  /** "… (Gundermann Acres)  $18.00": an amount after its line */
  afterGap: 'text-after-gap',
  /** "12 × Okra": the next cell after a space */
  afterSpace: 'text-after-space',
  /** a link read as "See your order: https://…" */
  labelledLink: 'text-labelled-link',
} as const

const ownLine: FormatCallback = (elem, walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 1 })
  walk(elem.children, builder)
  builder.closeBlock({ trailingLineBreaks: 1 })
}

const indentedLine: FormatCallback = (elem, walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 1 })
  builder.addLiteral('    ')
  walk(elem.children, builder)
  builder.closeBlock({ trailingLineBreaks: 1 })
}

const labelledLink: FormatCallback = (elem, walk, builder) => {
  walk(elem.children, builder)
  const href = (elem as { attribs?: Record<string, string> }).attribs?.href
  if (href) builder.addLiteral(`: ${href}`)
}

const surround = (selector: string, prefix: string, suffix = '') => ({
  selector,
  format: 'inlineSurround',
  options: { prefix, suffix },
})

const htmlToText = compile({
  // a line per paragraph, as typed: mail programs wrap plain text themselves
  wordwrap: false,
  formatters: { ownLine, indentedLine, labelledLink },
  selectors: [
    // layout tables are blocks and their rows lines; no column padding
    {
      selector: 'table',
      format: 'block',
      options: { leadingLineBreaks: 2, trailingLineBreaks: 2 },
    },
    { selector: 'tr', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'td', format: 'inline' },
    // a link keeps its address, once: "hello@…" for a mailto link that shows the address
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: `a.${TEXT.labelledLink}`, format: 'labelledLink' },
    { selector: `.${TEXT.line}`, format: 'ownLine' },
    { selector: `.${TEXT.indented}`, format: 'indentedLine' },
    surround(`.${TEXT.bracketed}`, ' [', ']'),
    surround(`.${TEXT.parenthesized}`, ' (', ')'),
    surround(`.${TEXT.afterLabel}`, ': '),
    surround(`.${TEXT.afterGap}`, '  '),
    surround(`.${TEXT.afterSpace}`, ' '),
    { selector: `.${TEXT.skip}`, format: 'skip' },
  ],
})

/**
 * React writes "&lt;", "&gt;", "&amp;", "&quot;" and "&#x27;"; the shop's e-mails have always
 * carried the numeric references "&#60;" … "&#39;", which every mail program reads alike.
 * Every "&" in React's markup starts one of these five, so the swap is exact.
 */
const NUMERIC_REFERENCES: Record<string, string> = {
  '&lt;': '&#60;',
  '&gt;': '&#62;',
  '&amp;': '&#38;',
  '&quot;': '&#34;',
  '&#x27;': '&#39;',
}

/** The page around every e-mail's markup: React would add a <head> that mail programs drop. */
const BODY_STYLE = 'margin:0;padding:0;background:#fbf6ec'

/**
 * An e-mail's two parts from its one template: the HTML rendered by React (which escapes every
 * piece of text), and the plain text read from that HTML.
 */
export function renderEmail(template: ReactElement): { html: string; text: string } {
  const markup = renderToStaticMarkup(template).replace(
    /&(?:lt|gt|amp|quot|#x27);/g,
    (reference) => NUMERIC_REFERENCES[reference] ?? reference,
  )
  const html = `<!doctype html>\n<html lang="en"><body style="${BODY_STYLE}">${markup}</body></html>`
  return { html, text: htmlToText(html) }
}
