import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PAGE_PATHS } from '#shared/routes.ts'
import { PAGES_STARTED_BY_FIRST_ACTION } from '#server/plugins/web-app.ts'
import { PUBLIC_PAGES, STARTED_BY_FIRST_ACTION, pageClosure } from './page-js-size.mjs'

// a build's manifest in small: an entry, a page with its own chunk and one shared with the entry,
// and chunks only a dynamic import() reaches
const MANIFEST = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js', '_cn.js'],
    dynamicImports: ['app/routes/shop.tsx', 'features/basket-drawer.tsx'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_cn.js': { file: 'assets/cn.js', imports: ['_react.js'] },
  'app/routes/shop.tsx': {
    file: 'assets/shop.js',
    imports: ['_cn.js', '_select.js'],
    dynamicImports: ['features/filter-sheet.tsx'],
  },
  '_select.js': { file: 'assets/select.js', imports: ['_floating.js', '_react.js'] },
  '_floating.js': { file: 'assets/floating.js' },
  'features/basket-drawer.tsx': { file: 'assets/basket-drawer.js', imports: ['_dialog.js'] },
  'features/filter-sheet.tsx': { file: 'assets/filter-sheet.js', imports: ['_dialog.js'] },
  '_dialog.js': { file: 'assets/dialog.js' },
}

describe('the JavaScript a page fetches before any action', () => {
  it('is the entry and its static imports, once each', () => {
    expect(pageClosure(MANIFEST, null).sort()).toEqual(['_cn.js', '_react.js', 'index.html'])
  })

  it("adds the page's module and its static imports, not what it or the entry import()s", () => {
    expect(pageClosure(MANIFEST, 'app/routes/shop.tsx').sort()).toEqual([
      '_cn.js',
      '_floating.js',
      '_react.js',
      '_select.js',
      'app/routes/shop.tsx',
      'index.html',
    ])
  })

  it('refuses a module the manifest does not have', () => {
    expect(() => pageClosure(MANIFEST, 'app/routes/nope.tsx')).toThrow(/no app\/routes\/nope.tsx/)
  })
})

describe('the public pages measured', () => {
  const router = fs.readFileSync('src/web/app/router.tsx', 'utf8')

  it('each is a page path, loaded lazily from the module named', () => {
    const paths = new Set<string>(Object.values(PAGE_PATHS))
    for (const [page, module] of Object.entries(PUBLIC_PAGES)) {
      expect(paths.has(page), page).toBe(true)
      expect(router, `${page} → ${module}`).toContain(`import('./${module.replace(/^app\//, '')}')`)
    }
  })

  it('counts only the boot script before any action on the pages the server starts at one', () => {
    const paths = [...PAGES_STARTED_BY_FIRST_ACTION].map((page) => PAGE_PATHS[page])
    expect(new Set(paths)).toEqual(STARTED_BY_FIRST_ACTION)
  })
})
