import type { User } from '#shared/schemas/auth.ts'
import type { Order, OrderItem } from '#shared/schemas/order.ts'
import type { AdminProducer } from '#shared/schemas/producer.ts'
import type { Product } from '#shared/schemas/product.ts'

/**
 * Answers of the API as the web app receives them, for component tests: whole objects of the
 * shared response types, with what a test is about given as overrides.
 */

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: '0b7a4f4e-5d0c-4c59-9d53-7c1f1e0c2a11',
    email: 'maria@example.com',
    firstName: 'Maria',
    lastName: 'Lopez',
    phone: '713-555-0142',
    deliveryStreet: '1200 Heights Blvd',
    deliveryApt: null,
    deliveryCity: 'Houston',
    deliveryState: 'TX',
    deliveryZip: '77008',
    createdAt: '2026-01-05T10:00:00.000Z',
    isAdmin: false,
    isDriver: false,
    ...overrides,
  }
}

export function makeProduct(overrides: Partial<Product> & Pick<Product, 'id' | 'name'>): Product {
  return {
    description: `${overrides.name}, picked this week.`,
    price: '5.00',
    category: 'produce',
    subcategory: null,
    subcategory2: null,
    farmSource: 'Bluebonnet Farm',
    producerSlug: 'bluebonnet-farm',
    producerDistance: '42 miles from Houston',
    imageUrl: null,
    inStock: true,
    stockCount: '24',
    isNew: false,
    seasonal: false,
    taxable: false,
    weeklyQuantity: null,
    leftThisWeek: null,
    tags: [],
    createdAt: '2026-10-01T12:00:00.000Z',
    updatedAt: '2026-10-01T12:00:00.000Z',
    ...overrides,
  }
}

/** A producer as the admin's list gives it: active, with its harvest e-mail and no products. */
export function makeProducer(
  overrides: Partial<AdminProducer> & Pick<AdminProducer, 'id' | 'name' | 'slug'>,
): AdminProducer {
  return {
    location: 'Spring, Texas',
    distance: '24 miles from Houston',
    established: 'Est. 1978',
    imageUrl: null,
    description: `${overrides.name} grows vegetables for Houston.`,
    specialties: [],
    story: `${overrides.name} has farmed the same land for three generations.`,
    additionalStory: null,
    practices: [],
    availability: 'Year-round',
    deliveryDays: [],
    email: null,
    active: true,
    productCount: 0,
    createdAt: '2026-09-01T12:00:00.000Z',
    updatedAt: '2026-09-01T12:00:00.000Z',
    ...overrides,
  }
}

export const ORDER_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'

/** A line of an order: `product` sold at `price` ("12.50") `quantity` times. */
export function makeOrderItem(
  product: Pick<Product, 'id' | 'name' | 'farmSource'>,
  price: string,
  quantity: number,
  overrides: Partial<OrderItem> = {},
): OrderItem {
  return {
    // a line id of its own, told apart from the product id
    id: `11${product.id.slice(2)}`,
    orderId: ORDER_ID,
    productId: product.id,
    productName: product.name,
    productPrice: price,
    quantity,
    farmSource: product.farmSource,
    imageUrl: null,
    customSelections: null,
    taxable: false,
    shortQuantity: 0,
    shortAmount: '0.00',
    shortRefunded: false,
    ...overrides,
  }
}

/** An authorised order that may still change; its figures are the test's to give. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: ORDER_ID,
    customerName: 'Maria Lopez',
    customerEmail: 'maria@example.com',
    customerPhone: '713-555-0142',
    deliveryAddress: '1200 Heights Blvd, Houston, TX 77008',
    deliveryDate: '2026-12-05T11:00:00.000Z',
    subtotal: '0.00',
    discountAmount: '0.00',
    promoCode: null,
    deliveryFee: '0.00',
    tax: '0.00',
    taxableSales: '0.00',
    exemptSales: '0.00',
    total: '0.00',
    specialInstructions: null,
    status: 'pending',
    deliveryStatus: 'order_placed',
    paymentIntentId: 'pi_demo123456',
    createdAt: '2026-11-30T15:00:00.000Z',
    updatedAt: '2026-11-30T15:00:00.000Z',
    items: [],
    paymentStatus: 'authorized',
    authorizedAmount: '0.00',
    capturedAmount: '0.00',
    refundedAmount: '0.00',
    editableUntil: '2026-12-03T02:00:00.000Z',
    editable: true,
    payAgainUntil: null,
    version: 1,
    history: [],
    refunds: [],
    ...overrides,
  }
}
