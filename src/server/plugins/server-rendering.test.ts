import { describe, expect, it } from 'vitest'
import { pageCacheAddress } from './server-rendering.ts'

describe('pageCacheAddress', () => {
  it('keeps every value of a key given more than once, as the no-JavaScript filter form sends tags', () => {
    // docs/product.md#without-javascript: the render must read the tags the browser reads
    expect(
      pageCacheAddress(
        '/shop/produce?tags=local&tags=gluten-free&minPrice=&maxPrice=&farm=&sort=featured&utm_source=x',
        'shopCategory',
      ),
    ).toBe('/shop/produce?sort=featured&tags=local&tags=gluten-free')
  })

  it('drops the keys a page does not read', () => {
    expect(pageCacheAddress('/producers?page=2&tags=local', 'producers')).toBe('/producers?page=2')
  })
})
