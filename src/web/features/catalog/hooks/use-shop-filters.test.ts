import { describe, expect, it } from 'vitest'
import { parseShopFilters, writeShopFilters } from './use-shop-filters.ts'

/** The shop's address as its filter form sends it without JavaScript (docs/product.md#without-javascript). */
describe('parseShopFilters', () => {
  it('reads tags sent as repeated keys as it reads the comma list the page writes', () => {
    const sent = parseShopFilters(new URLSearchParams('tags=gluten-free&tags=local'))
    const written = parseShopFilters(new URLSearchParams('tags=local,gluten-free'))
    expect(sent.tags).toEqual(['local', 'gluten-free'])
    expect(sent).toEqual(written)
  })

  it('reads the empty fields a sent form carries as no filter', () => {
    const filters = parseShopFilters(
      new URLSearchParams('minPrice=&maxPrice=&farm=&sort=featured&search='),
    )
    expect(filters).toEqual({
      tags: [],
      minPrice: undefined,
      maxPrice: undefined,
      farm: undefined,
      sort: 'featured',
    })
  })

  it('writes a sent form back as the comma list, without its empty fields', () => {
    const sent = new URLSearchParams('tags=local&tags=gluten-free&minPrice=&maxPrice=8&farm=')
    expect(writeShopFilters(sent, parseShopFilters(sent)).toString()).toBe(
      'tags=local%2Cgluten-free&maxPrice=8',
    )
  })
  it('starts again at the first page when the filters are written', () => {
    const shown = new URLSearchParams('search=eggs&page=3')
    expect(writeShopFilters(shown, { ...parseShopFilters(shown), sort: 'newest' }).toString()).toBe(
      'search=eggs&sort=newest',
    )
  })
})
