import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

/**
 * The README's map of the code names every feature folder, so a newcomer finds each one there
 * with a line on what it holds, and a folder added, renamed or removed shows up here until the
 * map says so too.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')

/** The text under the first heading that starts with `title`, up to the next heading. */
function sectionOf(markdown: string, title: string): string {
  const lines = markdown.split('\n')
  const start = lines.findIndex((line) => /^#{2,6} /.test(line) && line.includes(title))
  if (start === -1) return ''
  const end = lines.findIndex((line, index) => index > start && /^#{1,6} /.test(line))
  return lines.slice(start + 1, end === -1 ? undefined : end).join('\n')
}

/** Folders a map section names at the start of a list item, each with words after it. */
function foldersNamedIn(section: string): string[] {
  return [...section.matchAll(/^- `([\w.-]+)\/`: \S/gm)].map((match) => match[1] ?? '')
}

const foldersIn = (relative: string): string[] =>
  fs
    .readdirSync(path.join(ROOT, relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()

describe("the README's map of the code", () => {
  test.each([
    ['src/server/features', 'Server features'],
    ['src/web/features', 'Web features'],
  ])('names every folder in %s with a line on what it holds', (folder, heading) => {
    const named = foldersNamedIn(sectionOf(README, heading))
    const present = foldersIn(folder)

    expect(
      present.filter((name) => !named.includes(name)),
      `folders in ${folder} missing from the README's "${heading}" list`,
    ).toEqual([])
    expect(
      named.filter((name) => !present.includes(name)),
      `folders named in the README's "${heading}" list that ${folder} no longer has`,
    ).toEqual([])
  })

  test('names every folder in tests/', () => {
    const testsSection = sectionOf(README, 'tests/')
    const missing = foldersIn('tests').filter((name) => !testsSection.includes(`\`${name}/\``))
    expect(missing, "folders in tests/ missing from the README's tests/ section").toEqual([])
  })

  test('has a section for src/shared, src/server, src/web and scripts/', () => {
    for (const heading of ['src/shared', 'src/server', 'src/web', 'scripts/']) {
      expect(sectionOf(README, heading).trim(), `a "${heading}" section`).not.toBe('')
    }
  })
})
