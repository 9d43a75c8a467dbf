import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

/**
 * The repository explains itself: its code, tests, scripts and docs point only at places inside
 * it (docs/product.md for the shop's rules, an ADR in docs/decisions/ for a why), those places
 * exist, and every ADR says when it was taken and whether it still holds.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/')
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8')
const exists = (file: string) => fs.existsSync(path.join(ROOT, file))

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'data', '.tmp', 'test-results'])

function filesUnder(folder: string): string[] {
  const found: string[] = []
  const walk = (directory: string) => {
    for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
      if (SKIPPED_FOLDERS.has(entry.name)) continue
      const full = path.join(directory, entry.name)
      if (entry.isDirectory()) walk(full)
      else found.push(relative(full))
    }
  }
  walk(path.join(ROOT, folder))
  return found.sort()
}

const isText = (text: string) => !text.includes('\u0000')

/** Every file whose words could cite something: code, tests, scripts, docs, configuration. */
const CITING_FILES = [
  ...['src', 'tests', 'scripts', 'docs', '.ci'].flatMap(filesUnder),
  'README.md',
  'eslint.config.js',
]

const MARKDOWN_PAGES = ['README.md', ...filesUnder('docs').filter((file) => file.endsWith('.md'))]

/** Where code and configuration point at docs pages in their comments. */
const CODE_FILES = [
  ...['src', 'tests', 'scripts', '.ci'].flatMap(filesUnder),
  'eslint.config.js',
  'vitest.config.ts',
  'playwright.config.ts',
  'vite.config.ts',
].filter((file) => !file.endsWith('.md'))

/** Pointers at documents outside the repository, which a reader here cannot open. */
const OUTSIDE_CITATIONS: readonly { what: string; pattern: RegExp }[] = [
  { what: 'a specification kept elsewhere', pattern: /\bthe spec\b(?!\s+files?\b)/i },
  { what: 'an issue by number', pattern: /\bissues?\s+#?\d+/i },
  {
    what: 'a decisions document by section or name',
    pattern: /\bdecisions\s*\u00a7|decisions\.md/i,
  },
  { what: 'a style guide kept elsewhere', pattern: /\bstyle\.md\b/i },
  // a section sign is for a standard's sections ("RFC 9110 §8.8.3"), not for our own documents
  { what: 'a section sign outside an RFC', pattern: /(?<!\bRFC\s?\d+\s?)\u00a7/ },
]

describe('citations', () => {
  test('no file points at documents outside the repository', () => {
    const found: string[] = []
    for (const file of CITING_FILES) {
      const text = read(file)
      if (!isText(text)) continue
      text.split('\n').forEach((line, index) => {
        for (const { what, pattern } of OUTSIDE_CITATIONS) {
          if (pattern.test(line)) found.push(`${file}:${index + 1} cites ${what}: ${line.trim()}`)
        }
      })
    }
    expect(found).toEqual([])
  })
})

/** Markdown without its fenced blocks and code spans, where link-like text is not a link. */
function proseOf(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '')
}

/** Link targets of a markdown page: inline links, images and reference definitions. */
function linkTargetsOf(markdown: string): string[] {
  const prose = proseOf(markdown)
  const inline = [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
  const definitions = [...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)]
  return [...inline, ...definitions].map((match) => match[1] ?? '')
}

/** The anchors GitHub gives a page: one per heading (a slug, numbered when repeated), plus ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  for (const [, heading] of proseOf(markdown).matchAll(/^ {0,3}#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = (heading ?? '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const times = seen.get(slug) ?? 0
    anchors.add(times === 0 ? slug : `${slug}-${times}`)
    seen.set(slug, times + 1)
  }
  for (const [, id] of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id ?? '')
  return anchors
}

const anchorCache = new Map<string, Set<string>>()
const anchorsOfFile = (file: string) => {
  let anchors = anchorCache.get(file)
  if (!anchors) {
    anchors = anchorsOf(read(file))
    anchorCache.set(file, anchors)
  }
  return anchors
}

/** Why a link from `from` to `target` does not resolve, or null when it does. */
function brokenLink(from: string, target: string): string | null {
  const [rawPath = '', anchor] = target.split('#', 2)
  const linkPath = decodeURIComponent(rawPath)
  const file =
    linkPath === ''
      ? from
      : path.posix.normalize(path.posix.join(path.posix.dirname(from), linkPath))
  if (!exists(file)) return `${file} does not exist`
  if (anchor && file.endsWith('.md') && !anchorsOfFile(file).has(anchor)) {
    return `${file} has no heading or id for #${anchor}`
  }
  return null
}

describe('links', () => {
  test('every relative link in the README and docs/ reaches a file and, with #, a heading', () => {
    const broken: string[] = []
    for (const page of MARKDOWN_PAGES) {
      for (const target of linkTargetsOf(read(page))) {
        if (/^[a-z][a-z\d+.-]*:|^\/\//i.test(target)) continue
        const reason = brokenLink(page, target.startsWith('/') ? target.slice(1) : target)
        if (reason) broken.push(`${page}: (${target}) ${reason}`)
      }
    }
    expect(broken).toEqual([])
  })

  test('every docs page named in code, tests and scripts exists, with the anchor it names', () => {
    const broken: string[] = []
    for (const file of CODE_FILES) {
      const text = read(file)
      if (!isText(text)) continue
      for (const [reference] of text.matchAll(/\bdocs\/[\w./-]+?\.md(?:#[\w-]+)?/g)) {
        const reason = brokenLink('README.md', reference)
        if (reason) broken.push(`${file}: ${reference}: ${reason}`)
      }
    }
    expect(broken).toEqual([])
  })
})

describe('ADRs', () => {
  const records = filesUnder('docs/decisions').filter((file) => /\/\d{4}-[^/]+\.md$/.test(file))

  test('there are ADRs to check', () => {
    expect(records.length).toBeGreaterThan(0)
  })

  test.each(records)('%s opens with its date and its status', (file) => {
    const opening = read(file).split('\n').slice(0, 6).join('\n')
    expect(opening, 'a "Date: YYYY-MM-DD" line under the title').toMatch(
      /^Date: \d{4}-\d{2}-\d{2}\b/m,
    )
    expect(opening, 'a status: Accepted, Proposed, Deprecated or Superseded by …').toMatch(
      /\bStatus: (Accepted|Proposed|Deprecated|Superseded (in part )?by \S)/,
    )
  })
})
