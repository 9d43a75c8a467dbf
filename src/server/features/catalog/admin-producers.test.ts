import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AdminDeletedSchema } from '#shared/schemas/admin.ts'
import {
  AdminProducerListSchema,
  AdminProducerSchema,
  PRODUCER_FORM_MESSAGES,
  ProducerListSchema,
  ProducerSchema,
  type AdminProducer,
  type ProducerInput,
} from '#shared/schemas/producer.ts'
import { ProductListSchema, ProductSchema, type Product } from '#shared/schemas/product.ts'
import { demoProducerId } from '#tests/factories/producer.ts'
import { signUp, signUpAdmin, type Shopper } from '#tests/factories/customer.ts'
import { createIntent } from '#tests/setup/shopper.ts'
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '#tests/setup/test-app.ts'

let shop: TestApp
let admin: Shopper

beforeAll(async () => {
  shop = await createTestApp()
  admin = await signUpAdmin(shop, 'producers-admin')
})
afterAll(() => shop.close())

let made = 0
/** a complete New Producer form with a name and slug no other test uses */
const form = (overrides: Record<string, unknown> = {}): ProducerInput => {
  made += 1
  return {
    name: `Brazos Bottom Farm ${made}`,
    slug: `brazos-bottom-farm-${made}`,
    location: 'Hempstead, Texas',
    distance: '50 miles from Houston',
    established: 'Est. 2011',
    imageUrl: `/uploads/${randomUUID()}.webp`,
    description: 'Certified organic vegetables from the Brazos river bottom.',
    specialties: ['Salad greens', 'Carrots'],
    story: 'Two growers and a tractor.\n\nA second paragraph.',
    additionalStory: '',
    practices: ['Certified organic', 'Cover crops'],
    availability: 'October to June',
    deliveryDays: ['Saturday', 'Wednesday'],
    email: 'harvest@brazos.example.com',
    active: true,
    ...overrides,
  }
}

const post = (body: unknown) => admin.call('POST', '/api/admin/producers', body)
const patch = (id: string, body: unknown) => admin.call('PATCH', `/api/admin/producers/${id}`, body)
const remove = (id: string) => admin.call('DELETE', `/api/admin/producers/${id}`)
const get = (url: string) => shop.app.inject({ method: 'GET', url })

async function create(overrides: Record<string, unknown> = {}): Promise<AdminProducer> {
  const response = await post(form(overrides))
  expect(response.statusCode, response.body).toBe(201)
  return AdminProducerSchema.parse(response.json())
}

async function adminList(): Promise<AdminProducer[]> {
  const response = await admin.call('GET', '/api/admin/producers')
  expect(response.statusCode, response.body).toBe(200)
  return AdminProducerListSchema.parse(response.json())
}

/** the shop's producers, as a visitor reads them (served from the catalogue's cache) */
const shopProducers = async () => ProducerListSchema.parse((await get('/api/producers')).json())
const shopProducts = async (query = '') =>
  ProductListSchema.parse((await get(`/api/products${query}`)).json())
const sitemap = async () => (await get('/sitemap.xml')).body

/** a product of the given producer, through the admin's own call */
async function productOf(producerId: string, name = `Okra ${randomUUID().slice(0, 8)}`) {
  const response = await admin.call('POST', '/api/admin/products', {
    name,
    price: '4.50',
    category: 'produce',
    producerId,
  })
  expect(response.statusCode, response.body).toBe(201)
  return ProductSchema.parse(response.json())
}

describe('GET /api/admin/producers', () => {
  test('lists every producer with its id, harvest e-mail, state and product count', async () => {
    const list = await adminList()
    expect(list.length).toBeGreaterThanOrEqual(14)
    const atkinson = list.find((producer) => producer.slug === 'atkinson-farms')
    expect(atkinson).toMatchObject({
      name: 'Atkinson Farms',
      email: 'atkinson.harvest@example.com',
      active: true,
    })
    const products = await shopProducts('?farm=atkinson-farms')
    expect(atkinson?.productCount).toBe(products.length)
  })

  test('the shop never shows a producer’s harvest e-mail', async () => {
    const page = await get('/api/producers/atkinson-farms')
    expect(page.json()).not.toHaveProperty('email')
    expect(JSON.stringify((await get('/api/producers')).json())).not.toContain('@example.com')
  })
})

describe('POST /api/admin/producers', () => {
  test('creates the producer: its page, the list and the sitemap have it at once', async () => {
    const listed = await shopProducers() // cached now
    const before = await sitemap()
    const body = form({ name: '  Cypress Creek Apiary ', slug: ' cypress-creek-apiary ' })
    const response = await post(body)
    expect(response.statusCode, response.body).toBe(201)
    const producer = AdminProducerSchema.parse(response.json())
    expect(producer).toMatchObject({
      name: 'Cypress Creek Apiary',
      slug: 'cypress-creek-apiary',
      additionalStory: null,
      deliveryDays: ['Wednesday', 'Saturday'],
      email: 'harvest@brazos.example.com',
      active: true,
      productCount: 0,
    })

    const page = await get('/api/producers/cypress-creek-apiary')
    expect(page.statusCode).toBe(200)
    expect(ProducerSchema.parse(page.json())).toMatchObject({
      name: 'Cypress Creek Apiary',
      location: 'Hempstead, Texas',
      imageUrl: body.imageUrl,
      practices: ['Certified organic', 'Cover crops'],
    })
    const after = await shopProducers()
    expect(after).toHaveLength(listed.length + 1)
    // a new producer comes after the others
    expect(after.at(-1)?.slug).toBe('cypress-creek-apiary')
    expect(await sitemap()).not.toBe(before)
    expect(await sitemap()).toContain(`${TEST_PUBLIC_URL}/producer/cypress-creek-apiary<`)
  })

  test('takes only what a producer needs: empty optional fields become empty or null', async () => {
    const response = await post({
      name: 'Katy Prairie Eggs',
      slug: 'katy-prairie-eggs',
      location: 'Katy, Texas',
      description: 'Pasture-raised eggs.',
      story: 'Hens on grass.',
      email: '',
      practices: ['  Pasture-raised ', '', '   '],
    })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toMatchObject({
      distance: '',
      established: '',
      imageUrl: null,
      specialties: [],
      practices: ['Pasture-raised'],
      availability: '',
      deliveryDays: [],
      email: null,
      active: true,
    })
  })

  test.each([
    ['name', { name: '' }, PRODUCER_FORM_MESSAGES.nameRequired],
    ['name', { name: undefined }, PRODUCER_FORM_MESSAGES.nameRequired],
    ['slug', { slug: '' }, PRODUCER_FORM_MESSAGES.slugRequired],
    ['slug', { slug: 'Cake And Bacon' }, PRODUCER_FORM_MESSAGES.slugFormat],
    ['slug', { slug: 'double--hyphen' }, PRODUCER_FORM_MESSAGES.slugFormat],
    ['slug', { slug: '-edge-' }, PRODUCER_FORM_MESSAGES.slugFormat],
    ['slug', { slug: 'a'.repeat(101) }, 'Slug must be at most 100 characters'],
    ['location', { location: ' ' }, PRODUCER_FORM_MESSAGES.locationRequired],
    ['description', { description: null }, PRODUCER_FORM_MESSAGES.descriptionRequired],
    ['story', { story: '' }, PRODUCER_FORM_MESSAGES.storyRequired],
    ['email', { email: 'not-an-address' }, PRODUCER_FORM_MESSAGES.email],
    ['email', { email: 42 }, PRODUCER_FORM_MESSAGES.email],
    ['practices', { practices: 'Certified organic' }, 'Practices must be a list'],
    [
      'specialties',
      { specialties: ['x'.repeat(201)] },
      'Each line of specialties must be at most 200 characters',
    ],
    ['deliveryDays', { deliveryDays: ['Caturday'] }, PRODUCER_FORM_MESSAGES.deliveryDay],
    [
      'imageUrl',
      { imageUrl: 'javascript:alert(1)' },
      'Use an uploaded image or an https:// address',
    ],
    ['active', { active: 'yes' }, 'Active must be true or false'],
    ['colour', { colour: 'red' }, 'Unknown field "colour"'],
  ])('refuses a bad %s with its message: %j', async (field, overrides, message) => {
    const body = form(overrides)
    const response = await post(body)
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json<{ errors: Record<string, string> }>().errors[field]).toBe(message)
    expect((await adminList()).some((producer) => producer.name === body.name)).toBe(false)
  })

  test('an empty form names every required field at once', async () => {
    const response = await post({})
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      message: PRODUCER_FORM_MESSAGES.nameRequired,
      errors: {
        name: PRODUCER_FORM_MESSAGES.nameRequired,
        slug: PRODUCER_FORM_MESSAGES.slugRequired,
        location: PRODUCER_FORM_MESSAGES.locationRequired,
        description: PRODUCER_FORM_MESSAGES.descriptionRequired,
        story: PRODUCER_FORM_MESSAGES.storyRequired,
      },
    })
  })

  test('a slug or a name another producer has is 409, names ignoring case', async () => {
    const count = (await adminList()).length
    const slugTaken = await post(form({ slug: 'atkinson-farms' }))
    expect(slugTaken.statusCode).toBe(409)
    expect(slugTaken.json()).toEqual({
      message: 'Another producer already has this slug',
      errors: { slug: 'Another producer already has this slug' },
    })
    const nameTaken = await post(form({ name: 'ATKINSON FARMS' }))
    expect(nameTaken.statusCode).toBe(409)
    expect(nameTaken.json()).toEqual({
      message: 'Another producer already has this name',
      errors: { name: 'Another producer already has this name' },
    })
    expect(await adminList()).toHaveLength(count)
  })
})

describe('PATCH /api/admin/producers/:id', () => {
  test('renaming a producer renames its products’ farmSource in the shop at once; past orders keep theirs', async () => {
    const producer = await create({ name: 'Old Mill Creamery', slug: 'old-mill-creamery' })
    const product = await productOf(producer.id, 'Creamline Milk')
    const shopper = await signUp(shop, 'creamline-buyer')
    const intent = await createIntent(shopper, [
      { id: product.id, name: product.name, price: '4.50', quantity: 14 },
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
    // the shop's lists are cached with the old name
    expect((await shopProducts()).find((p) => p.id === product.id)?.farmSource).toBe(
      'Old Mill Creamery',
    )

    const renamed = await patch(producer.id, { name: 'Brenham Creamery' })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(renamed.json()).toMatchObject({
      name: 'Brenham Creamery',
      slug: 'old-mill-creamery',
      productCount: 1,
    })
    const inShop = (await shopProducts()).find((p) => p.id === product.id)
    expect(inShop).toMatchObject({
      farmSource: 'Brenham Creamery',
      producerSlug: 'old-mill-creamery',
    })
    expect((await get(`/api/products/${product.id}`)).json<Product>().farmSource).toBe(
      'Brenham Creamery',
    )
    expect((await shopProducts('?search=brenham%20creamery')).map((p) => p.id)).toEqual([
      product.id,
    ])
    expect((await shopProducts('?farm=Brenham%20Creamery')).map((p) => p.id)).toEqual([product.id])
    expect((await get('/api/producers/old-mill-creamery')).json()).toMatchObject({
      name: 'Brenham Creamery',
    })

    const items = await shopper.call('GET', `/api/orders/${orderId}/items`)
    expect(items.json()).toMatchObject([
      { productName: 'Creamline Milk', farmSource: 'Old Mill Creamery' },
    ])
  })

  test('a new slug moves the page: the old address is not found, products link to the new one', async () => {
    const producer = await create({ slug: 'first-address' })
    const product = await productOf(producer.id)
    expect((await get('/api/producers/first-address')).statusCode).toBe(200)
    const moved = await patch(producer.id, { slug: 'second-address' })
    expect(moved.statusCode, moved.body).toBe(200)
    expect((await get('/api/producers/first-address')).statusCode).toBe(404)
    expect((await get('/api/producers/second-address')).statusCode).toBe(200)
    expect((await get(`/api/products/${product.id}`)).json()).toMatchObject({
      producerSlug: 'second-address',
    })
    const map = await sitemap()
    expect(map).toContain('/producer/second-address<')
    expect(map).not.toContain('/producer/first-address<')
  })

  test('takes the whole form, as the Edit dialog sends it, keeping its own name and slug', async () => {
    const producer = await create()
    const { name, slug } = producer
    const response = await patch(
      producer.id,
      form({ name, slug, practices: ['No-till beds'], email: null, imageUrl: null }),
    )
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      id: producer.id,
      name,
      slug,
      practices: ['No-till beds'],
      email: null,
      imageUrl: null,
      createdAt: producer.createdAt,
    })
  })

  test('checks the merged producer with the form’s messages and leaves it unchanged', async () => {
    const producer = await create()
    for (const [body, field, message] of [
      [{ name: '' }, 'name', PRODUCER_FORM_MESSAGES.nameRequired],
      [{ slug: 'Not A Slug' }, 'slug', PRODUCER_FORM_MESSAGES.slugFormat],
      [{ email: 'nobody' }, 'email', PRODUCER_FORM_MESSAGES.email],
      [{ active: null }, 'active', 'Active must be true or false'],
      [{ colour: 'red' }, 'colour', 'Unknown field "colour"'],
    ] as const) {
      const response = await patch(producer.id, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json(), JSON.stringify(body)).toMatchObject({
        message,
        errors: { [field]: message },
      })
    }
    expect((await adminList()).find((p) => p.id === producer.id)).toEqual(producer)
  })

  test('another producer’s slug or name is 409', async () => {
    const producer = await create()
    const slugTaken = await patch(producer.id, { slug: 'kraftsmen' })
    expect(slugTaken.statusCode).toBe(409)
    expect(slugTaken.json()).toMatchObject({
      errors: { slug: 'Another producer already has this slug' },
    })
    const nameTaken = await patch(producer.id, { name: 'katerra exotics' })
    expect(nameTaken.statusCode).toBe(409)
    expect(nameTaken.json()).toMatchObject({
      errors: { name: 'Another producer already has this name' },
    })
    expect((await adminList()).find((p) => p.id === producer.id)).toEqual(producer)
  })

  test('an unknown producer is 404 and a malformed id 400', async () => {
    const missing = await patch(randomUUID(), { name: 'Nobody Farms' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: 'Producer not found' })
    const malformed = await patch('not-a-uuid', { name: 'Nobody Farms' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toMatchObject({ errors: { id: 'Producer id must be a UUID' } })
  })
})

describe('an inactive producer (active: false)', () => {
  test('is off /producers and the sitemap and has no page; its products stay, without the link', async () => {
    const producer = await create({ name: 'Seasonal Pause Farm', slug: 'seasonal-pause-farm' })
    const product = await productOf(producer.id)
    expect((await shopProducers()).map((p) => p.slug)).toContain('seasonal-pause-farm')

    const paused = await patch(producer.id, { active: false })
    expect(paused.statusCode, paused.body).toBe(200)
    expect(paused.json()).toMatchObject({ active: false, productCount: 1 })

    expect((await shopProducers()).map((p) => p.slug)).not.toContain('seasonal-pause-farm')
    const page = await get('/api/producers/seasonal-pause-farm')
    expect(page.statusCode).toBe(404)
    expect(page.json()).toEqual({ message: 'Producer not found' })
    expect(await sitemap()).not.toContain('/producer/seasonal-pause-farm<')
    // the product is still sold, named by its farm, with no page to link to
    expect((await get(`/api/products/${product.id}`)).json()).toMatchObject({
      farmSource: 'Seasonal Pause Farm',
      producerSlug: null,
    })
    expect((await shopProducts()).some((p) => p.id === product.id)).toBe(true)
    // the admin still sees it, marked inactive, and its products with it
    expect((await adminList()).find((p) => p.id === producer.id)).toMatchObject({ active: false })
    const adminProducts = await admin.call('GET', '/api/admin/products?search=seasonal%20pause')
    expect(adminProducts.json()).toMatchObject([{ id: product.id, producerActive: false }])

    const back = await patch(producer.id, { active: true })
    expect(back.statusCode).toBe(200)
    expect((await get('/api/producers/seasonal-pause-farm')).statusCode).toBe(200)
    expect((await get(`/api/products/${product.id}`)).json()).toMatchObject({
      producerSlug: 'seasonal-pause-farm',
    })
  })

  test('can be created inactive: its page does not exist until it is switched on', async () => {
    const producer = await create({ active: false })
    expect((await get(`/api/producers/${producer.slug}`)).statusCode).toBe(404)
    expect((await shopProducers()).map((p) => p.slug)).not.toContain(producer.slug)
  })
})

describe('DELETE /api/admin/producers/:id', () => {
  test('a producer with products is kept: 409 saying how many, and what to do first', async () => {
    const atkinson = await demoProducerId(shop.database.db, 'atkinson-farms')
    const count = (await shopProducts('?farm=atkinson-farms')).length
    const response = await remove(atkinson)
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      message: `Atkinson Farms still has ${count} products. Move them to another producer or delete them first.`,
    })
    expect((await get('/api/producers/atkinson-farms')).statusCode).toBe(200)

    const producer = await create({ name: 'One Crop Farm' })
    const product = await productOf(producer.id)
    expect((await remove(producer.id)).json()).toEqual({
      message:
        'One Crop Farm still has 1 product. Move them to another producer or delete them first.',
    })
    // once its product is gone, it can go
    expect((await admin.call('DELETE', `/api/admin/products/${product.id}`)).statusCode).toBe(200)
    expect((await remove(producer.id)).statusCode).toBe(200)
  })

  test('removes a producer without products from the shop at once; a product cannot name it after', async () => {
    const producer = await create({ slug: 'short-lived-farm' })
    expect((await get('/api/producers/short-lived-farm')).statusCode).toBe(200)
    expect((await shopProducers()).map((p) => p.slug)).toContain('short-lived-farm')
    const response = await remove(producer.id)
    expect(response.statusCode, response.body).toBe(200)
    expect(AdminDeletedSchema.parse(response.json())).toEqual({ message: 'Producer deleted' })

    expect((await get('/api/producers/short-lived-farm')).statusCode).toBe(404)
    expect((await shopProducers()).map((p) => p.slug)).not.toContain('short-lived-farm')
    expect((await adminList()).some((p) => p.id === producer.id)).toBe(false)
    expect(await sitemap()).not.toContain('/producer/short-lived-farm<')
    const orphan = await admin.call('POST', '/api/admin/products', {
      name: 'Orphan Okra',
      price: '3.00',
      category: 'produce',
      producerId: producer.id,
    })
    expect(orphan.statusCode).toBe(400)
    expect(orphan.json()).toEqual({
      message: 'Choose a producer from the list',
      errors: { producerId: 'Choose a producer from the list' },
    })
    expect((await remove(producer.id)).statusCode).toBe(404)
  })

  test('an unknown producer is 404 and a malformed id 400', async () => {
    const missing = await remove(randomUUID())
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: 'Producer not found' })
    expect((await remove('atkinson-farms')).statusCode).toBe(400)
  })
})
