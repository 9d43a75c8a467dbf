import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AdminDeletedSchema } from '#shared/schemas/admin.ts'
import {
  AdminProductListSchema,
  AdminProductSchema,
  PRODUCT_FORM_MESSAGES,
  ProductListSchema,
  type AdminProduct,
  type Product,
  type ProductInput,
} from '#shared/schemas/product.ts'
import { demoProducerId } from '#tests/factories/producer.ts'
import { makeProducer } from '#tests/factories/producer.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'
import { signUp, signUpAdmin, type Shopper } from '#tests/factories/customer.ts'
import { createIntent } from '#tests/setup/shopper.ts'

let shop: TestApp
let admin: Shopper
let atkinsonFarms: string

/** a clock that never returns the same instant twice, so "newest first" has one answer */
let lastTick = 0
const monotonicNow = () => {
  lastTick = Math.max(Date.now(), lastTick + 1)
  return new Date(lastTick)
}

beforeAll(async () => {
  shop = await createTestApp({ now: monotonicNow })
  admin = await signUpAdmin(shop, 'products-admin')
  atkinsonFarms = await demoProducerId(shop.database.db, 'atkinson-farms')
})
afterAll(() => shop.close())

let made = 0
/** a complete, valid Add Product form with a name no other test uses */
const form = (overrides: Record<string, unknown> = {}): ProductInput => ({
  name: `Wildflower Honey ${++made}`,
  description: 'Raw honey from hives on the Katy prairie.',
  price: '12.99',
  category: 'pantry',
  subcategory: 'sauces',
  subcategory2: null,
  producerId: atkinsonFarms,
  imageUrl: null,
  inStock: true,
  stockCount: '16 oz',
  isNew: true,
  tags: ['local'],
  ...overrides,
})

const post = (body: unknown) => admin.call('POST', '/api/admin/products', body)
const patch = (id: string, body: unknown) => admin.call('PATCH', `/api/admin/products/${id}`, body)
const remove = (id: string) => admin.call('DELETE', `/api/admin/products/${id}`)

async function create(overrides: Record<string, unknown> = {}): Promise<AdminProduct> {
  const response = await post(form(overrides))
  expect(response.statusCode, response.body).toBe(201)
  return AdminProductSchema.parse(response.json())
}

async function adminList(query = ''): Promise<AdminProduct[]> {
  const response = await admin.call('GET', `/api/admin/products${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return AdminProductListSchema.parse(response.json())
}

/** the product as the shop shows it: without the admin's producer fields */
const inShop = ({ producerId: _id, producerActive: _active, ...product }: AdminProduct): Product =>
  product

/** the shop's own list, as a visitor reads it (served from the catalogue's cache) */
async function shopList(): Promise<Product[]> {
  const response = await shop.app.inject({ method: 'GET', url: '/api/products' })
  expect(response.statusCode).toBe(200)
  return ProductListSchema.parse(response.json())
}

const shopProduct = (id: string) => shop.app.inject({ method: 'GET', url: `/api/products/${id}` })

/** the 400 body's message for one field */
const fieldError = (response: { json: () => unknown }, field: string) =>
  (response.json() as { errors?: Record<string, string> }).errors?.[field]

describe('POST /api/admin/products', () => {
  test('creates the product and the shop lists and shows it at once', async () => {
    const before = await shopList() // the shop's list is now cached
    const body = form({ name: '  Pecan Praline Granola  ', imageUrl: '' })
    const response = await post(body)
    expect(response.statusCode, response.body).toBe(201)
    const product = AdminProductSchema.parse(response.json())
    expect(product).toMatchObject({
      name: 'Pecan Praline Granola',
      price: '12.99',
      category: 'pantry',
      subcategory: 'sauces',
      subcategory2: null,
      farmSource: 'Atkinson Farms',
      producerSlug: 'atkinson-farms',
      producerId: atkinsonFarms,
      producerActive: true,
      imageUrl: null,
      inStock: true,
      stockCount: '16 oz',
      isNew: true,
      tags: ['local'],
    })

    const after = await shopList()
    expect(after).toHaveLength(before.length + 1)
    expect(after.find((p) => p.id === product.id)).toEqual(inShop(product))
    const detail = await shopProduct(product.id)
    expect(detail.statusCode).toBe(200)
    expect(detail.json()).toEqual(inShop(product))
  })

  test('marks a product in season; the shop shows it, and a patch takes it off', async () => {
    const product = await create({ seasonal: true })
    expect(product.seasonal).toBe(true)
    expect((await shopProduct(product.id)).json<Product>().seasonal).toBe(true)
    expect((await create()).seasonal).toBe(false)
    const response = await patch(product.id, { seasonal: false })
    expect(response.statusCode, response.body).toBe(200)
    expect((await shopProduct(product.id)).json<Product>().seasonal).toBe(false)
  })

  test('stores a typed price with two decimals', async () => {
    expect((await create({ price: '4' })).price).toBe('4.00')
    const product = await create({ price: '4.5' })
    expect(product.price).toBe('4.50')
    expect((await shopProduct(product.id)).json<Product>().price).toBe('4.50')
  })

  test.each([
    ['name', { name: '' }, PRODUCT_FORM_MESSAGES.nameRequired],
    ['name', { name: '   ' }, PRODUCT_FORM_MESSAGES.nameRequired],
    ['name', { name: undefined }, PRODUCT_FORM_MESSAGES.nameRequired],
    ['price', { price: 'abc' }, PRODUCT_FORM_MESSAGES.priceFormat],
    ['price', { price: '12.999' }, PRODUCT_FORM_MESSAGES.priceFormat],
    ['price', { price: '-4' }, PRODUCT_FORM_MESSAGES.priceFormat],
    ['price', { price: 4.999 }, PRODUCT_FORM_MESSAGES.priceFormat],
    ['price', { price: -4 }, PRODUCT_FORM_MESSAGES.priceFormat],
    ['price', { price: '1e3' }, PRODUCT_FORM_MESSAGES.priceFormat],
    ['price', { price: undefined }, PRODUCT_FORM_MESSAGES.priceFormat],
    ['price', { price: '0' }, PRODUCT_FORM_MESSAGES.pricePositive],
    ['price', { price: '0.00' }, PRODUCT_FORM_MESSAGES.pricePositive],
    ['category', { category: '' }, PRODUCT_FORM_MESSAGES.categoryRequired],
    [
      'category',
      { category: undefined, subcategory: null },
      PRODUCT_FORM_MESSAGES.categoryRequired,
    ],
    ['producerId', { producerId: '' }, PRODUCT_FORM_MESSAGES.farmSourceRequired],
    ['producerId', { producerId: undefined }, PRODUCT_FORM_MESSAGES.farmSourceRequired],
    ['producerId', { producerId: null }, PRODUCT_FORM_MESSAGES.farmSourceRequired],
    ['producerId', { producerId: 'Atkinson Farms' }, PRODUCT_FORM_MESSAGES.unknownProducer],
    ['producerId', { producerId: randomUUID() }, PRODUCT_FORM_MESSAGES.unknownProducer],
    [
      'farmSource',
      { producerId: undefined, farmSource: '' },
      PRODUCT_FORM_MESSAGES.farmSourceRequired,
    ],
    [
      'farmSource',
      { producerId: undefined, farmSource: '  ' },
      PRODUCT_FORM_MESSAGES.farmSourceRequired,
    ],
    [
      'farmSource',
      { producerId: undefined, farmSource: 42 },
      PRODUCT_FORM_MESSAGES.farmSourceRequired,
    ],
    [
      'farmSource',
      { producerId: undefined, farmSource: 'HG Rice Millz' },
      'Unknown producer: HG Rice Millz',
    ],
    [
      'subcategory',
      { category: 'produce', subcategory: 'bread' },
      PRODUCT_FORM_MESSAGES.unknownSubcategory,
    ],
    ['subcategory2', { subcategory2: 'bread' }, PRODUCT_FORM_MESSAGES.unknownSubcategory],
    ['imageUrl', { imageUrl: 'javascript:alert(1)' }, PRODUCT_FORM_MESSAGES.imageUrl],
    ['imageUrl', { imageUrl: 'http://example.com/honey.jpg' }, PRODUCT_FORM_MESSAGES.imageUrl],
    ['imageUrl', { imageUrl: '/uploads/../config.json' }, PRODUCT_FORM_MESSAGES.imageUrl],
    ['tags', { tags: ['local', 'spicy'] }, 'Unknown tag: spicy'],
    ['colour', { colour: 'red' }, 'Unknown field "colour"'],
  ])('refuses a bad %s with its message: %j', async (field, overrides, message) => {
    const body = form(overrides)
    const response = await post(body)
    expect(response.statusCode).toBe(400)
    expect(fieldError(response, field)).toBe(message)
    expect((await adminList()).some((p) => p.name === body.name)).toBe(false)
  })

  describe('the producer by name, as farmSource (docs/product.md#admin)', () => {
    test('POST with farmSource alone stores that producer, matched ignoring case and spaces', async () => {
      const hgRiceMill = await demoProducerId(shop.database.db, 'hg-rice-mill')
      const made = await create({ producerId: undefined, farmSource: 'HG Rice Mill' })
      expect(made).toMatchObject({ producerId: hgRiceMill, farmSource: 'HG Rice Mill' })
      const loose = await create({ producerId: undefined, farmSource: '  hg rice MILL ' })
      expect(loose).toMatchObject({ producerId: hgRiceMill, farmSource: 'HG Rice Mill' })
      expect((await shopList()).find((p) => p.id === made.id)?.farmSource).toBe('HG Rice Mill')
    })

    test('PATCH with farmSource moves the product to that producer; an unknown one changes nothing', async () => {
      const product = await create()
      const moved = await patch(product.id, { farmSource: 'Katerra Exotics' })
      expect(moved.statusCode, moved.body).toBe(200)
      expect(moved.json()).toMatchObject({ farmSource: 'Katerra Exotics' })
      const refused = await patch(product.id, { farmSource: 'Nobody Farm', price: '1.00' })
      expect(refused.statusCode).toBe(400)
      expect(fieldError(refused, 'farmSource')).toBe('Unknown producer: Nobody Farm')
      const kept = (await adminList()).find((p) => p.id === product.id)
      expect(kept).toMatchObject({ farmSource: 'Katerra Exotics', price: '12.99' })
    })

    test('farmSource and producerId naming two producers is refused; naming one is fine', async () => {
      const both = await post(form({ farmSource: 'Katerra Exotics' }))
      expect(both.statusCode).toBe(400)
      expect(fieldError(both, 'farmSource')).toBe(
        'Farm source and producerId name different producers',
      )
      expect((await create({ farmSource: 'Atkinson Farms' })).producerId).toBe(atkinsonFarms)
    })
  })

  test('an empty form names every required field at once', async () => {
    const response = await post({})
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      message: PRODUCT_FORM_MESSAGES.nameRequired,
      errors: {
        name: PRODUCT_FORM_MESSAGES.nameRequired,
        price: PRODUCT_FORM_MESSAGES.priceFormat,
        category: PRODUCT_FORM_MESSAGES.categoryRequired,
        producerId: PRODUCT_FORM_MESSAGES.farmSourceRequired,
      },
    })
  })

  test('takes an uploaded image or an https address', async () => {
    const uploaded = `/uploads/${randomUUID()}.webp`
    expect((await create({ imageUrl: uploaded })).imageUrl).toBe(uploaded)
    const remote = 'https://images.example.com/honey.jpg'
    expect((await create({ imageUrl: remote })).imageUrl).toBe(remote)
  })
})

describe('PATCH /api/admin/products/:id', () => {
  test('a new price alone: the rest stays, updatedAt moves and the shop shows it at once', async () => {
    const product = await create({ price: '4.99' })
    expect((await shopList()).find((p) => p.id === product.id)?.price).toBe('4.99')

    const response = await patch(product.id, { price: '5.49' })
    expect(response.statusCode, response.body).toBe(200)
    const updated = AdminProductSchema.parse(response.json())
    expect(updated).toEqual({ ...product, price: '5.49', updatedAt: updated.updatedAt })
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(product.updatedAt))
    expect((await shopList()).find((p) => p.id === product.id)?.price).toBe('5.49')
    expect((await shopProduct(product.id)).json<Product>().price).toBe('5.49')
  })

  test('takes the whole form, as the Edit dialog sends it', async () => {
    const product = await create()
    const edited = form({ name: 'Orange Blossom Honey', price: '15', inStock: false, tags: [] })
    const response = await patch(product.id, edited)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      id: product.id,
      name: 'Orange Blossom Honey',
      price: '15.00',
      inStock: false,
      tags: [],
      createdAt: product.createdAt,
    })
  })

  test('changing the category clears both subcategories unless the patch sets them', async () => {
    const product = await create({
      category: 'produce',
      subcategory: 'vegetables',
      subcategory2: 'organic',
    })
    const moved = await patch(product.id, { category: 'pantry' })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json()).toMatchObject({
      category: 'pantry',
      subcategory: null,
      subcategory2: null,
    })

    const withSub = await patch(product.id, { category: 'dairy-eggs', subcategory: 'cheese' })
    expect(withSub.json()).toMatchObject({
      category: 'dairy-eggs',
      subcategory: 'cheese',
      subcategory2: null,
    })
    // the same category again is no change: the subcategory stays
    const same = await patch(product.id, { category: 'dairy-eggs', name: 'Aged Gouda' })
    expect(same.json()).toMatchObject({ name: 'Aged Gouda', subcategory: 'cheese' })
  })

  test('checks the merged product with the form’s messages and leaves it unchanged', async () => {
    const product = await create({ category: 'produce', subcategory: 'herbs' })
    const cases: [Record<string, unknown>, string, string][] = [
      [{ price: '0' }, 'price', PRODUCT_FORM_MESSAGES.pricePositive],
      [{ price: '12.999' }, 'price', PRODUCT_FORM_MESSAGES.priceFormat],
      [{ name: '' }, 'name', PRODUCT_FORM_MESSAGES.nameRequired],
      [{ name: null }, 'name', PRODUCT_FORM_MESSAGES.nameRequired],
      [{ producerId: ' ' }, 'producerId', PRODUCT_FORM_MESSAGES.farmSourceRequired],
      [{ producerId: null }, 'producerId', PRODUCT_FORM_MESSAGES.farmSourceRequired],
      [{ producerId: randomUUID() }, 'producerId', PRODUCT_FORM_MESSAGES.unknownProducer],
      [{ category: 'toys' }, 'category', PRODUCT_FORM_MESSAGES.categoryRequired],
      [{ subcategory: 'bread' }, 'subcategory', PRODUCT_FORM_MESSAGES.unknownSubcategory],
      [{ imageUrl: 'javascript:alert(1)' }, 'imageUrl', PRODUCT_FORM_MESSAGES.imageUrl],
      [{ colour: 'red' }, 'colour', 'Unknown field "colour"'],
    ]
    for (const [body, field, message] of cases) {
      const response = await patch(product.id, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json(), JSON.stringify(body)).toMatchObject({
        message,
        errors: { [field]: message },
      })
    }
    expect((await shopProduct(product.id)).json()).toEqual(inShop(product))
  })

  test('moves the product to another producer: the shop shows the new farm at once', async () => {
    const product = await create()
    expect((await shopProduct(product.id)).json()).toMatchObject({ farmSource: 'Atkinson Farms' })
    const katerra = await demoProducerId(shop.database.db, 'katerra-exotics')
    const moved = await patch(product.id, { producerId: katerra })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json()).toMatchObject({
      producerId: katerra,
      farmSource: 'Katerra Exotics',
      producerSlug: 'katerra-exotics',
    })
    expect((await shopProduct(product.id)).json()).toMatchObject({
      farmSource: 'Katerra Exotics',
      producerSlug: 'katerra-exotics',
    })
    const byFarm = await shop.app.inject({ url: '/api/products?farm=katerra-exotics' })
    expect(byFarm.json<Product[]>().map((p) => p.id)).toContain(product.id)
  })

  test('an unknown product is 404 and a malformed id 400', async () => {
    const missing = await patch(randomUUID(), { price: '5.49' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: 'Product not found' })
    expect((await patch('not-a-uuid', { price: '5.49' })).statusCode).toBe(400)
  })
})

describe('GET /api/admin/products', () => {
  test('lists every product newest first, out of stock included', async () => {
    const older = await create()
    const newer = await create({ inStock: false })
    const list = await adminList()
    expect(list[0]).toEqual(newer)
    expect(list[1]).toEqual(older)
    const shopIds = new Set((await shopList()).map((p) => p.id))
    expect(list.filter((p) => !shopIds.has(p.id))).toEqual([])
    expect(list.length).toBe(shopIds.size)
  })

  test('searches name or farm, ignoring case; % and _ match only themselves', async () => {
    const ridge = await makeProducer(shop.database.db, { name: 'Qwerty Ridge Ranch' })
    const byFarm = await create({ name: 'Smoked Brisket', producerId: ridge.id })
    const byName = await create({ name: 'Qwerty Peach Jam', producerId: atkinsonFarms })
    const percent = await create({
      name: '100% Qwerty Juice',
      category: 'drinks',
      subcategory: 'juice',
    })

    expect((await adminList('?search=qwerty%20ridge')).map((p) => p.id)).toEqual([byFarm.id])
    expect((await adminList('?search=PEACH%20JAM')).map((p) => p.id)).toEqual([byName.id])
    expect((await adminList('?search=QWERTY')).map((p) => p.id)).toEqual([
      percent.id,
      byName.id,
      byFarm.id,
    ])
    const all = await adminList()
    const withPercent = await adminList(`?search=${encodeURIComponent('%')}`)
    expect(withPercent.map((p) => p.id)).toContain(percent.id)
    expect(withPercent.length).toBeLessThan(all.length)
    for (const p of withPercent) expect(`${p.name} ${p.farmSource}`).toContain('%')
    expect(await adminList(`?search=${encodeURIComponent('100_')}`)).toEqual([])
  })

  test('filters by category and refuses unknown categories and keys', async () => {
    const dairy = await adminList('?category=dairy-eggs')
    expect(dairy.length).toBeGreaterThanOrEqual(6)
    for (const p of dairy) expect(p.category).toBe('dairy-eggs')
    const bread = await adminList('?category=artisan-breads')
    for (const p of bread) expect(p.category).toBe('bakery')

    const toys = await admin.call('GET', '/api/admin/products?category=toys')
    expect(toys.statusCode).toBe(400)
    expect(fieldError(toys, 'category')).toBe('Unknown category')
    const colour = await admin.call('GET', '/api/admin/products?colour=red')
    expect(colour.statusCode).toBe(400)
    expect(fieldError(colour, 'colour')).toBe('Unknown field "colour"')
  })
})

describe('DELETE /api/admin/products/:id', () => {
  test('removes the product from the shop; a past order keeps its items as they were', async () => {
    const product = await create({
      name: 'Heritage Turkey',
      price: '65.00',
      producerId: await demoProducerId(shop.database.db, 'frydek-heritage-farm'),
    })
    const shopper = await signUp(shop, 'turkey-buyer')
    const intent = await createIntent(shopper, [
      { id: product.id, name: product.name, price: '65.00', quantity: 1 },
    ])
    const paid = await shopper.call(
      'POST',
      `/api/demo-payments/${intent.paymentIntentId}/confirm`,
      {
        cardNumber: '4242 4242 4242 4242',
        expiry: '12 / 30',
        cvc: '123',
        zip: '77008',
      },
    )
    expect(paid.json()).toMatchObject({ status: 'requires_capture' })
    const placed = await shopper.call('POST', '/api/orders', {
      paymentIntentId: intent.paymentIntentId,
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const orderId = placed.json<{ id: string }>().id
    const itemsBefore = (await shopper.call('GET', `/api/orders/${orderId}/items`)).json<unknown>()
    expect(itemsBefore).toMatchObject([
      {
        productName: 'Heritage Turkey',
        productPrice: '65.00',
        farmSource: 'Frydek Heritage Farm',
        quantity: 1,
      },
    ])

    // the shop's cached list holds it, so only an invalidation can take it out
    expect((await shopList()).some((p) => p.id === product.id)).toBe(true)
    const deleted = await remove(product.id)
    expect(deleted.statusCode).toBe(200)
    expect(AdminDeletedSchema.parse(deleted.json())).toEqual({ message: 'Product deleted' })

    expect((await shopProduct(product.id)).statusCode).toBe(404)
    expect((await shopList()).some((p) => p.id === product.id)).toBe(false)
    expect((await adminList()).some((p) => p.id === product.id)).toBe(false)
    const itemsAfter = await shopper.call('GET', `/api/orders/${orderId}/items`)
    expect(itemsAfter.statusCode).toBe(200)
    expect(itemsAfter.json()).toEqual(itemsBefore)
  })

  test('an unknown product is 404', async () => {
    const response = await remove(randomUUID())
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ message: 'Product not found' })
  })
})

describe("a farm box's own list of items", () => {
  const boxNamed = async (name: string) => {
    const list = AdminProductListSchema.parse(
      (await admin.call('GET', '/api/admin/products')).json(),
    )
    const box = list.find((product) => product.name === name)
    if (!box) throw new Error(`no ${name}`)
    return box
  }
  const offered = async (boxId: string) => {
    const response = await shop.app.inject({ url: `/api/products/${boxId}/box-choices` })
    expect(response.statusCode, response.body).toBe(200)
    return ProductListSchema.parse(response.json())
  }
  const put = (boxId: string, productIds: unknown) =>
    admin.call('PUT', `/api/admin/products/${boxId}/box-choices`, { productIds })

  test('the builder offers the list in its order, in stock only; the admin reads and replaces it', async () => {
    const fruitBox = await boxNamed('Tropical Fruit Box')
    const stored = await admin.call('GET', `/api/admin/products/${fruitBox.id}/box-choices`)
    expect(stored.statusCode).toBe(200)
    const { productIds } = stored.json<{ productIds: string[] }>()
    expect(productIds.length).toBeGreaterThanOrEqual(5)
    const shown = await offered(fruitBox.id)
    expect(shown.map((product) => product.name)).toContain('Rio Star Grapefruit')
    expect(shown.every((product) => product.inStock)).toBe(true)
    expect(shown.map((product) => product.id)).toEqual(
      productIds.filter((id) => shown.some((product) => product.id === id)),
    )

    // a new order of a shorter list shows at once
    const honey = await create({ category: 'pantry', subcategory: 'sauces' })
    const replaced = await put(fruitBox.id, [honey.id, productIds[0]])
    expect(replaced.statusCode, replaced.body).toBe(200)
    expect((await offered(fruitBox.id)).map((product) => product.id)).toEqual([
      honey.id,
      productIds[0],
    ])
    // deleting a product takes it off every list
    expect((await remove(honey.id)).statusCode).toBe(200)
    expect((await offered(fruitBox.id)).map((product) => product.id)).toEqual([productIds[0]])
    await put(fruitBox.id, productIds)
  })

  test('a box without a list offers the first in-stock products of its filling category', async () => {
    const box = await create({ category: 'farm-boxes', subcategory: 'butchers-box' })
    const shown = await offered(box.id)
    expect(shown.length).toBeGreaterThan(0)
    expect(shown.length).toBeLessThanOrEqual(10)
    expect(shown.every((product) => product.category === 'meat-seafood' && product.inStock)).toBe(
      true,
    )
  })

  test('refuses a box on the list, an unknown product, repeats, and a list for what is not a box', async () => {
    const fruitBox = await boxNamed('Tropical Fruit Box')
    const familyBox = await boxNamed('Family Harvest Box')
    const before = (
      await admin.call('GET', `/api/admin/products/${fruitBox.id}/box-choices`)
    ).json<{
      productIds: string[]
    }>().productIds

    const boxInBox = await put(fruitBox.id, [familyBox.id])
    expect(boxInBox.statusCode).toBe(400)
    expect(boxInBox.json<{ message: string }>().message).toBe(
      'Family Harvest Box is a box and cannot go in a box',
    )
    const unknown = await put(fruitBox.id, [randomUUID()])
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json<{ errors: Record<string, string> }>().errors).toEqual({
      'productIds.0': 'An item on the list is no longer in the shop',
    })
    const first = before[0] as string
    const repeated = await put(fruitBox.id, [first, first])
    expect(repeated.statusCode).toBe(400)
    expect(repeated.json<{ message: string }>().message).toMatch(
      /Each item can be on the list once/,
    )
    const tooMany = await put(
      fruitBox.id,
      Array.from({ length: 25 }, () => randomUUID()),
    )
    expect(tooMany.statusCode).toBe(400)

    const honey = await create()
    const notABox = await put(honey.id, [first])
    expect(notABox.statusCode).toBe(400)
    expect(notABox.json<{ message: string }>().message).toBe(
      'Only a farm box has a list of items to choose from',
    )
    expect(
      (await shop.app.inject({ url: `/api/products/${honey.id}/box-choices` })).statusCode,
    ).toBe(404)
    expect((await put(randomUUID(), [first])).statusCode).toBe(404)
    // nothing refused changed the list
    const after = (await admin.call('GET', `/api/admin/products/${fruitBox.id}/box-choices`)).json<{
      productIds: string[]
    }>().productIds
    expect(after).toEqual(before)
  })

  test('only an admin changes a list', async () => {
    const fruitBox = await boxNamed('Tropical Fruit Box')
    const customer = await signUp(shop, 'box-list-customer')
    const refused = await customer.call('PUT', `/api/admin/products/${fruitBox.id}/box-choices`, {
      productIds: [],
    })
    expect(refused.statusCode).toBe(403)
  })
})
