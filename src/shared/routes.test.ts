import { describe, expect, test } from 'vitest'
import { isKnownPagePath, matchPagePath, nextPathOf, paths } from './routes.ts'

describe('page paths', () => {
  test('every page of the shop is known', () => {
    for (const path of [
      '/',
      '/about',
      '/how-it-works',
      '/press',
      '/our-standards',
      '/producers',
      '/producer/atkinson-farms',
      '/recipes',
      '/become-vendor',
      '/corporate-wellness',
      '/gift-cards',
      '/contact',
      '/shop',
      '/shop/produce',
      '/shop/produce/herbs',
      '/shop/artisan-breads',
      '/product/7c0e4f7e-4b1e-4b1a-9d3a-0f5b0d6c9a11',
      '/login',
      '/join',
      '/forgot-password',
      '/reset-password',
      '/checkout',
      '/order-success',
      '/order-history',
      '/orders/7c0e4f7e-4b1e-4b1a-9d3a-0f5b0d6c9a11',
      '/delivery',
      '/profile',
      '/admin',
      '/admin/products',
      '/admin/producers',
      '/about/',
    ]) {
      expect(isKnownPagePath(path), path).toBe(true)
    }
  })

  test('other paths, bad categories and malformed ids are not pages', () => {
    for (const path of [
      '/nope',
      '/shop/bogus',
      '/shop/produce/bogus',
      '/shop/produce/herbs/extra',
      '/product/123',
      '/orders/123',
      '/orders',
      '/producer/Bad Slug',
      '/admin/orders',
      '/%E0%A4%A',
    ]) {
      expect(isKnownPagePath(path), path).toBe(false)
    }
  })

  test('matching names the page and its parameters', () => {
    expect(matchPagePath('/shop/dairy-eggs/eggs')).toEqual({
      page: 'shopSubcategory',
      params: { category: 'dairy-eggs', subcategory: 'eggs' },
    })
  })

  test('links are built from the same patterns', () => {
    expect(paths.shop()).toBe('/shop')
    expect(paths.shop('produce', 'herbs')).toBe('/shop/produce/herbs')
    expect(paths.shopSearch('goat cheese & honey')).toBe('/shop?search=goat%20cheese%20%26%20honey')
    expect(isKnownPagePath(paths.producer('cake-and-bacon'))).toBe(true)
    expect(paths.order('7c0e4f7e-4b1e-4b1a-9d3a-0f5b0d6c9a11')).toBe(
      '/orders/7c0e4f7e-4b1e-4b1a-9d3a-0f5b0d6c9a11',
    )
  })
})

describe('the page to go to after logging in or joining (?next=)', () => {
  test('a path of this site is kept, with its query', () => {
    expect(nextPathOf('/checkout')).toBe('/checkout')
    expect(nextPathOf('/orders/5f0c?x=1#top')).toBe('/orders/5f0c?x=1#top')
  })

  test.each([
    ['another site', 'https://evil.example/checkout'],
    ['a protocol-relative address', '//evil.example'],
    ['a backslash the browser reads as a slash', '/\\evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'checkout'],
    ['nothing', null],
    ['an empty value', ''],
    ['a control character', '/check\nout'],
  ])('%s is ignored', (_, value) => {
    expect(nextPathOf(value)).toBeUndefined()
  })

  test('the log-in and join links carry it, encoded', () => {
    expect(paths.login('/checkout')).toBe('/login?next=%2Fcheckout')
    expect(paths.join('/orders/1?a=b')).toBe('/join?next=%2Forders%2F1%3Fa%3Db')
    expect(paths.login()).toBe('/login')
    expect(paths.join(undefined)).toBe('/join')
  })
})
