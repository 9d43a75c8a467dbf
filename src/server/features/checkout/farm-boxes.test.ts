import { and, eq, inArray, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { boxChoices, orders, pendingCheckouts, products } from '#server/db/schema/index.ts'
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts'
import { testLogger } from '#tests/setup/test-logger.ts'
import { signUp, type Shopper } from '#tests/factories/customer.ts'
import { quote, type BasketLine } from '#tests/setup/shopper.ts'

/**
 * The farm-box rule on the server (docs/product.md#farm-boxes): a box line carries no chosen
 * items or exactly seven in-stock products from the box's own list (or, for a box without one,
 * of its filling category), never a box, and no other line carries any. Whatever the client
 * sends.
 */

let shop: TestApp
let shopper: Shopper
type Row = { id: string; name: string; price: string; inStock: boolean }
let butchersBox: Row
let produceBox: Row
let meat: Row[]
let produce: Row[]
let soldOutProduce: Row
let plainProduct: Row
let fruitBox: Row
let fruitList: Row[]

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', zip: '77008' }
const columns = {
  id: products.id,
  name: products.name,
  price: products.price,
  inStock: products.inStock,
}

async function productsWhere(...conditions: Parameters<typeof and>) {
  return shop.database.db
    .select(columns)
    .from(products)
    .where(and(...conditions))
    .orderBy(products.name)
}

beforeAll(async () => {
  shop = await createTestApp({ now: () => new Date('2026-11-24T16:00:00Z') })
  shopper = await signUp(shop, 'box-buyer')
  const boxes = await productsWhere(eq(products.category, 'farm-boxes'), eq(products.inStock, true))
  const subcategoryOf = async (id: string) =>
    (await shop.database.db.select().from(products).where(eq(products.id, id)))[0]?.subcategory
  const found: Partial<Record<'butcher' | 'produce', Row>> = {}
  for (const box of boxes) {
    const kind = (await subcategoryOf(box.id)) === 'butchers-box' ? 'butcher' : 'produce'
    found[kind] ??= box
  }
  if (!found.butcher || !found.produce) throw new Error('the demo catalogue lacks a box kind')
  butchersBox = found.butcher
  produceBox = found.produce
  // these two are boxes without a list of their own: their filling category is the rule
  await shop.database.db
    .delete(boxChoices)
    .where(inArray(boxChoices.boxId, [butchersBox.id, produceBox.id]))
  const [tropical] = await productsWhere(eq(products.name, 'Tropical Fruit Box'))
  if (!tropical) throw new Error('the demo catalogue has no Tropical Fruit Box')
  fruitBox = tropical
  fruitList = await shop.database.db
    .select(columns)
    .from(boxChoices)
    .innerJoin(products, eq(boxChoices.productId, products.id))
    .where(eq(boxChoices.boxId, fruitBox.id))
    .orderBy(boxChoices.position)
  meat = await productsWhere(eq(products.category, 'meat-seafood'), eq(products.inStock, true))
  produce = await productsWhere(eq(products.category, 'produce'), eq(products.inStock, true))
  const [soldOut] = await productsWhere(
    eq(products.category, 'produce'),
    eq(products.inStock, false),
  )
  if (!soldOut) throw new Error('the demo catalogue has no sold-out produce')
  soldOutProduce = soldOut
  const [plain] = await productsWhere(
    ne(products.category, 'farm-boxes'),
    eq(products.inStock, true),
  )
  if (!plain) throw new Error('no product')
  plainProduct = plain
})
afterAll(() => shop.close())

const line = (product: Row, customSelections?: string[], quantity = 1): BasketLine => ({
  id: product.id,
  name: product.name,
  price: product.price,
  quantity,
  ...(customSelections ? { customSelections } : {}),
})

/** Seven chosen ids from a list, repeats allowed. */
const seven = (from: Row[]) => Array.from({ length: 7 }, (_, index) => (from[index % 3] as Row).id)

/** The lines padded over the $60 minimum with a plain product. */
const overMinimum = (...lines: BasketLine[]) => [...lines, line(plainProduct, undefined, 10)]

async function paymentFor(items: BasketLine[]) {
  return shopper.call('POST', '/api/create-payment-intent', { amount: '0.00', items })
}

async function buy(items: BasketLine[]) {
  const amount = await quote(shopper, items)
  const intent = await shopper.call('POST', '/api/create-payment-intent', { amount, items })
  expect(intent.statusCode, intent.body).toBe(200)
  const { paymentIntentId } = intent.json<{ paymentIntentId: string }>()
  const paid = await shopper.call('POST', `/api/demo-payments/${paymentIntentId}/confirm`, CARD)
  expect(paid.json()).toEqual({ status: 'requires_capture' })
  return { paymentIntentId, order: await shopper.call('POST', '/api/orders', { paymentIntentId }) }
}

type OrderLine = { productId: string; customSelections: { id: string; count: number }[] | null }

describe('a farm box that keeps the rule is sold', () => {
  test("a butcher's box of seven meat items (repeats counted) becomes an order with its contents", async () => {
    const chosen = seven(meat)
    const { order } = await buy(overMinimum(line(butchersBox, chosen)))
    expect(order.statusCode, order.body).toBe(201)
    const boxLine = order
      .json<{ items: OrderLine[] }>()
      .items.find((item) => item.productId === butchersBox.id)
    const counts = Object.fromEntries(
      (boxLine?.customSelections ?? []).map((pick) => [pick.id, pick.count]),
    )
    expect(counts).toEqual({
      [chosen[0] as string]: 3,
      [chosen[1] as string]: 2,
      [chosen[2] as string]: 2,
    })
  })

  test("a box without chosen items is the farmer's choice: an empty list on the order and in the e-mail", async () => {
    const { order } = await buy(overMinimum(line(produceBox)))
    expect(order.statusCode, order.body).toBe(201)
    const items = order.json<{ items: OrderLine[] }>().items
    expect(items.find((item) => item.productId === produceBox.id)?.customSelections).toEqual([])
    expect(items.find((item) => item.productId === plainProduct.id)?.customSelections).toBeNull()
    await shop.app.jobs.runDue() // the outbox sends the confirmation
    const mail = shop.sentMail.filter((message) => message.to === shopper.email).at(-1)
    expect(mail?.text).toContain("Farmer's choice")
  })
})

describe('a box with its own list takes its items from that list alone', () => {
  test('seven of its in-stock items, another category among them, become the order', async () => {
    const offered = fruitList.filter((item) => item.inStock)
    expect(offered.length).toBeGreaterThanOrEqual(3)
    const { order } = await buy(overMinimum(line(fruitBox, seven(offered))))
    expect(order.statusCode, order.body).toBe(201)
  })

  test('a product of its filling category that is not on its list is refused', async () => {
    const offeredIds = new Set(fruitList.map((item) => item.id))
    const elsewhere = produce.find((item) => !offeredIds.has(item.id))
    if (!elsewhere) throw new Error('every produce item is on the fruit box list')
    const inStockOffered = fruitList.filter((item) => item.inStock)
    const chosen = [...seven(inStockOffered).slice(0, 6), elsewhere.id]
    const response = await paymentFor(overMinimum(line(fruitBox, chosen)))
    expect(response.statusCode).toBe(400)
    expect(response.json<{ message: string }>().message).toBe(
      `${elsewhere.name} is not one of the items your ${fruitBox.name} offers. Please choose from its list.`,
    )
  })

  test('an item on its list that is sold out is refused', async () => {
    const soldOut = fruitList.find((item) => !item.inStock)
    if (!soldOut) throw new Error('the fruit box list has no sold-out item')
    const chosen = [...seven(fruitList.filter((item) => item.inStock)).slice(0, 6), soldOut.id]
    const response = await paymentFor(overMinimum(line(fruitBox, chosen)))
    expect(response.statusCode).toBe(400)
    expect(response.json<{ message: string }>().message).toMatch(/is out of stock/)
  })
})

describe('anything else is refused with 400 at payment, and nothing is charged', () => {
  test.each([1, 6])('a box with %i chosen items', async (count) => {
    const response = await paymentFor(overMinimum(line(produceBox, seven(produce).slice(0, count))))
    expect(response.statusCode).toBe(400)
    expect(response.json<{ message: string }>().message).toMatch(/exactly 7 chosen items/)
    expect(response.json<{ errors: Record<string, string> }>().errors).toHaveProperty(
      'items.0.customSelections',
    )
  })

  test('a box with 8 chosen items', async () => {
    const response = await paymentFor(
      overMinimum(line(produceBox, [...seven(produce), (produce[0] as Row).id])),
    )
    expect(response.statusCode).toBe(400)
  })

  test('a produce box holding a steak', async () => {
    const chosen = [...seven(produce).slice(0, 6), (meat[0] as Row).id]
    const response = await paymentFor(overMinimum(line(produceBox, chosen)))
    expect(response.statusCode).toBe(400)
    expect(response.json<{ message: string }>().message).toBe(
      `${(meat[0] as Row).name} cannot go in your ${produceBox.name}: choose from Produce.`,
    )
  })

  test('a box holding a box', async () => {
    const chosen = [...seven(meat).slice(0, 6), produceBox.id]
    const response = await paymentFor(overMinimum(line(butchersBox, chosen)))
    expect(response.statusCode).toBe(400)
    expect(response.json<{ message: string }>().message).toMatch(/is a box and cannot go in/)
  })

  test('a box holding a sold-out or unknown product', async () => {
    const soldOut = await paymentFor(
      overMinimum(line(produceBox, [...seven(produce).slice(0, 6), soldOutProduce.id])),
    )
    expect(soldOut.statusCode).toBe(400)
    expect(soldOut.json<{ message: string }>().message).toMatch(/is out of stock/)
    const unknown = await paymentFor(
      overMinimum(
        line(produceBox, [...seven(produce).slice(0, 6), '00000000-0000-4000-8000-000000000000']),
      ),
    )
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json<{ message: string }>().message).toMatch(/no longer available/)
  })

  test('chosen items on a line that is not a box', async () => {
    const response = await paymentFor(overMinimum(line(plainProduct, seven(produce), 1)))
    expect(response.statusCode).toBe(400)
    expect(response.json<{ message: string }>().message).toBe(
      `Only a farm box can hold chosen items, and ${plainProduct.name} is not one.`,
    )
  })

  test('no pending checkout is stored for a refused basket', async () => {
    const before = await shop.database.db.$count(pendingCheckouts)
    await paymentFor(overMinimum(line(plainProduct, seven(produce), 1)))
    expect(await shop.database.db.$count(pendingCheckouts)).toBe(before)
  })
})

test('a paid checkout whose stored lines break the rule still becomes its order, and the breach is logged', async () => {
  const items = overMinimum(line(produceBox, seven(produce)))
  const amount = await quote(shopper, items)
  const intent = await shopper.call('POST', '/api/create-payment-intent', { amount, items })
  const { paymentIntentId } = intent.json<{ paymentIntentId: string }>()
  // the stored box line loses two of its items (a checkout written by hand, or by a bug)
  const [stored] = await shop.database.db
    .select()
    .from(pendingCheckouts)
    .where(eq(pendingCheckouts.paymentIntentId, paymentIntentId))
  const lines = stored?.items as { customSelections: { count: number }[] | null }[]
  const boxLine = lines[0]
  if (!boxLine?.customSelections?.[0]) throw new Error('no stored box line')
  boxLine.customSelections[0].count -= 2
  await shop.database.db
    .update(pendingCheckouts)
    .set({ items: lines })
    .where(eq(pendingCheckouts.paymentIntentId, paymentIntentId))
  await shopper.call('POST', `/api/demo-payments/${paymentIntentId}/confirm`, CARD)

  const logged = vi.spyOn(testLogger, 'error')
  try {
    // the money has moved: the order is made as it was paid for, never refused
    const order = await shopper.call('POST', '/api/orders', { paymentIntentId })
    expect(order.statusCode, order.body).toBe(201)
    expect(await shop.database.db.$count(orders, eq(orders.paymentIntentId, paymentIntentId))).toBe(
      1,
    )
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({
        paymentIntentId,
        problem: expect.stringMatching(/exactly 7 chosen items/) as unknown,
      }),
      expect.stringMatching(/breaks the order rules/),
    )
  } finally {
    logged.mockRestore()
  }
})
