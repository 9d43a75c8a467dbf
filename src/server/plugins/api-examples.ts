import type { User } from '#shared/schemas/auth.ts'
import type { AdminOrder, Order, OrderItem } from '#shared/schemas/order.ts'
import type { Producer } from '#shared/schemas/producer.ts'
import type { Product } from '#shared/schemas/product.ts'
import type { DeliveryRoute, Stop } from '#shared/schemas/routes.ts'

/**
 * The reference's examples that several routes show (docs/api.md#the-reference): the demo
 * catalogue's products and producers, a customer in the Heights and one order of theirs for
 * Saturday 2026-12-05. They live on the server, beside the routes: examples on the shared schemas
 * would ship to the browser with every page that imports them.
 */

export const EXAMPLE_IDS = {
  customer: '6c1f4a9e-2b7d-4e31-9a8c-0f5d3b2e7a14',
  admin: 'b3e8d2f1-7c4a-4f6e-8d2b-1a9c5e7f3b60',
  order: '9a4e6b2c-1d3f-4a8e-b5c7-2e0f6d8a1b39',
  tomatoes: '0b6f2c1e-8c1a-4a55-9a8e-2d7f4b1c9e01',
  harvestBox: '5a9d3e7f-1b2c-4d8e-8f6a-7c3b2a1d0e9f',
  eggs: 'e2d4f6a8-3b5c-4e7d-9f1a-6c8b0d2e4f13',
  sweetPotatoes: '3d5f7b9a-1c2e-4f6a-8b0d-2e4a6c8e0f91',
  atkinsonFarms: '7f3a1c5e-9b2d-4f8a-a6c4-3e1b5d7f9a02',
  tomatoesLine: '4c8e2a6b-0d1f-4b3a-9e5c-7a2d4f6b8c15',
  boxLine: 'd1b3f5a7-9c2e-4d6f-8a0b-5e7c9a1b3d26',
  eggsLine: '8e0a2c4d-6f1b-4a3c-b5d7-9f1e3a5c7b48',
  placedEvent: '2f4b6d8e-0a1c-4e3b-8d5f-7a9c1e3b5d07',
  paymentIntent: 'pi_3QhXk2Lp8Rz4Tw6Y',
  demoPaymentIntent: 'pi_demo_4f1c9a2e7b3d5e8f0a6c1b9d',
  savedCard: 'pm_1QhXm4Lp8Rz4Tw6YcA7b2D9e',
  cardSetup: 'seti_1QhXn5Lp8Rz4Tw6Y0f3E8a1B',
  subscription: '1e3c5a7b-9d2f-4b6a-8c0e-3f5a7c9e1b24',
} as const

/** A Saturday the shop delivers on, and the instants the shop's wire format gives for it. */
export const EXAMPLE_SATURDAY = '2026-12-05'
/** 5:00 AM in Houston on that Saturday */
export const EXAMPLE_DELIVERY_INSTANT = '2026-12-05T11:00:00.000Z'
/** its cut-off: Wednesday 20:00 in Houston (docs/product.md#cut-off) */
export const EXAMPLE_CUTOFF_INSTANT = '2026-12-03T02:00:00.000Z'

export const EXAMPLE_USER: User = {
  id: EXAMPLE_IDS.customer,
  email: 'maria@example.com',
  firstName: 'Maria',
  lastName: 'Garcia',
  phone: '713-555-0142',
  deliveryStreet: '1200 Heights Blvd',
  deliveryApt: null,
  deliveryCity: 'Houston',
  deliveryState: 'TX',
  deliveryZip: '77008',
  createdAt: '2026-11-20T16:42:08.000Z',
  isAdmin: false,
  isDriver: false,
}

/** The delivery address as checkout and an order change send it. */
export const EXAMPLE_DELIVERY_INFO = {
  firstName: 'Maria',
  lastName: 'Garcia',
  email: 'maria@example.com',
  phone: '713-555-0142',
  address: '1200 Heights Blvd',
  apt: null,
  city: 'Houston',
  zipCode: '77008',
}

export const EXAMPLE_PRODUCT: Product = {
  id: EXAMPLE_IDS.tomatoes,
  name: 'Heirloom Tomatoes',
  description:
    'A mix of Cherokee Purple, Brandywine and Green Zebra tomatoes, picked ripe rather than green. Slice them thick with a little salt.',
  price: '6.50',
  category: 'produce',
  subcategory: 'vegetables',
  subcategory2: null,
  farmSource: 'Atkinson Farms',
  producerSlug: 'atkinson-farms',
  producerDistance: '24 miles from Houston',
  imageUrl: '/illustrations/products/tomatoes.svg',
  inStock: true,
  stockCount: '1 lb',
  isNew: false,
  seasonal: true,
  taxable: false,
  weeklyQuantity: 40,
  leftThisWeek: 6,
  tags: ['local', 'gluten-free', 'dairy-free', 'nut-free'],
  createdAt: '2026-09-01T14:00:00.000Z',
  updatedAt: '2026-11-27T15:30:00.000Z',
}

export const EXAMPLE_BOX_PRODUCT: Product = {
  ...EXAMPLE_PRODUCT,
  id: EXAMPLE_IDS.harvestBox,
  name: 'Seasonal Harvest Box',
  description:
    "Build your own box from 7 items of this week's harvest: pick any mix of vegetables, fruit and herbs from our produce shelves.",
  price: '45.00',
  category: 'farm-boxes',
  subcategory: 'seasonal-produce-box',
  imageUrl: '/illustrations/products/produce-box.svg',
  stockCount: '7 items',
  seasonal: false,
}

export const EXAMPLE_PRODUCER: Producer = {
  slug: 'atkinson-farms',
  name: 'Atkinson Farms',
  location: 'Spring, Texas',
  distance: '24 miles from Houston',
  established: 'Est. 1978',
  imageUrl: '/illustrations/producers/atkinson-farms.svg',
  description:
    'A family vegetable farm north of Cypress Creek growing more than forty crops a year on the Gulf Coast calendar.',
  specialties: ['Heirloom tomatoes', 'Sweet potatoes', 'Seasonal vegetables'],
  story:
    'Atkinson Farms began in 1978 on forty acres of sandy loam north of Cypress Creek, selling tomatoes, squash and sweet corn from a wooden stand beside the farm road.',
  additionalStory: null,
  practices: ['No synthetic pesticides on food crops', 'Harvested Thursday for Saturday delivery'],
  availability: 'Year-round',
  deliveryDays: ['Tuesday', 'Thursday', 'Saturday'],
}

const orderLine = (line: Partial<OrderItem> & Pick<OrderItem, 'id'>): OrderItem => ({
  orderId: EXAMPLE_IDS.order,
  productId: EXAMPLE_IDS.tomatoes,
  productName: 'Heirloom Tomatoes',
  productPrice: '6.50',
  quantity: 2,
  farmSource: 'Atkinson Farms',
  imageUrl: '/illustrations/products/tomatoes.svg',
  customSelections: null,
  taxable: false,
  shortQuantity: 0,
  shortAmount: '0.00',
  shortRefunded: false,
  ...line,
})

export const EXAMPLE_ORDER_ITEMS: OrderItem[] = [
  orderLine({ id: EXAMPLE_IDS.tomatoesLine }),
  orderLine({
    id: EXAMPLE_IDS.boxLine,
    productId: EXAMPLE_IDS.harvestBox,
    productName: 'Seasonal Harvest Box',
    productPrice: '45.00',
    quantity: 1,
    imageUrl: '/illustrations/products/produce-box.svg',
    customSelections: [
      { id: EXAMPLE_IDS.tomatoes, name: 'Heirloom Tomatoes', count: 3 },
      { id: EXAMPLE_IDS.sweetPotatoes, name: 'Sweet Potatoes', count: 4 },
    ],
  }),
  orderLine({
    id: EXAMPLE_IDS.eggsLine,
    productId: EXAMPLE_IDS.eggs,
    productName: 'Pasture-Raised Eggs',
    productPrice: '7.50',
    quantity: 1,
    farmSource: 'Frydek Heritage Farm',
    imageUrl: '/illustrations/products/eggs.svg',
  }),
]

export const EXAMPLE_ORDER_PARAMS = { id: EXAMPLE_IDS.order }

/** 2 × $6.50 + $45.00 + $7.50 = $65.50 of food (no sales tax), plus the $5.99 delivery fee. */
export const EXAMPLE_ORDER: Order = {
  id: EXAMPLE_IDS.order,
  customerName: 'Maria Garcia',
  customerEmail: 'maria@example.com',
  customerPhone: '713-555-0142',
  deliveryAddress: '1200 Heights Blvd, Houston, TX 77008',
  deliveryDate: EXAMPLE_DELIVERY_INSTANT,
  subtotal: '65.50',
  discountAmount: '0.00',
  promoCode: null,
  deliveryFee: '5.99',
  tax: '0.00',
  taxableSales: '0.00',
  exemptSales: '65.50',
  total: '71.49',
  specialInstructions: 'Leave the box on the porch swing, please.',
  status: 'confirmed',
  deliveryStatus: 'order_placed',
  paymentIntentId: EXAMPLE_IDS.paymentIntent,
  createdAt: '2026-11-29T18:05:12.000Z',
  updatedAt: '2026-11-29T18:05:12.000Z',
  items: EXAMPLE_ORDER_ITEMS,
  paymentStatus: 'authorized',
  authorizedAmount: '71.49',
  capturedAmount: '0.00',
  refundedAmount: '0.00',
  editableUntil: EXAMPLE_CUTOFF_INSTANT,
  editable: true,
  payAgainUntil: null,
  version: 1,
  history: [
    {
      id: EXAMPLE_IDS.placedEvent,
      kind: 'placed',
      actor: 'customer',
      actorEmail: null,
      summary: 'Order placed',
      oldTotal: null,
      newTotal: '71.49',
      createdAt: '2026-11-29T18:05:12.000Z',
    },
  ],
  refunds: [],
}

/** The same order after its customer cancelled it before the cut-off (its card voided). */
export const EXAMPLE_CANCELLED_ORDER: Order = {
  ...EXAMPLE_ORDER,
  status: 'cancelled',
  paymentStatus: 'voided',
  authorizedAmount: '0.00',
  editable: false,
  version: 2,
  updatedAt: '2026-11-30T09:12:40.000Z',
  history: [
    ...EXAMPLE_ORDER.history,
    {
      id: '5c7e9a1b-3d5f-4b7a-9c1e-3f5b7d9a1c28',
      kind: 'cancelled',
      actor: 'customer',
      actorEmail: null,
      summary: 'Order cancelled',
      oldTotal: '71.49',
      newTotal: null,
      createdAt: '2026-11-30T09:12:40.000Z',
    },
  ],
}

/** A change or a payment again that needs the card: the whole new total is paid first. */
export const EXAMPLE_PAYMENT_REQUIRED = {
  paymentRequired: {
    clientSecret: 'pi_3QhYm8Nq2Sv6Ux0Z_secret_Jk4Lm7Np0Qr3',
    paymentIntentId: 'pi_3QhYm8Nq2Sv6Ux0Z',
    total: '77.99',
    provider: 'stripe' as const,
  },
}

/** The staff member the admin examples name. */
export const EXAMPLE_ADMIN_EMAIL = 'ana.admin@example.com'

/** The example order as the admin's Orders tab reads it: confirmed by the staff on Monday. */
export const EXAMPLE_ADMIN_ORDER: AdminOrder = {
  ...EXAMPLE_ORDER,
  userId: EXAMPLE_IDS.customer,
  statusHistory: [
    {
      id: '0e2a4c6b-8d1f-4a3c-9e5b-7f1d3b5a9c64',
      field: 'status',
      fromValue: 'pending',
      toValue: 'confirmed',
      changedByEmail: EXAMPLE_ADMIN_EMAIL,
      createdAt: '2026-11-30T15:02:00.000Z',
    },
  ],
}

/** The order item and the order it belongs to, as the items-short calls name them. */
export const EXAMPLE_ORDER_ITEM_PARAMS = {
  id: EXAMPLE_IDS.order,
  itemId: EXAMPLE_IDS.tomatoesLine,
}

/** The example order as a stop of its Saturday's route, the driver on the way. */
export const EXAMPLE_STOP: Stop = {
  orderId: EXAMPLE_IDS.order,
  orderNumber: '#9A4E6B2C',
  customerName: 'Maria Garcia',
  phone: '713-555-0142',
  street: '1200 Heights Blvd',
  city: 'Houston',
  zip: '77008',
  address: '1200 Heights Blvd, Houston, TX 77008',
  specialInstructions: 'Leave the box on the porch swing, please.',
  itemsCount: 4,
  deliveryStatus: 'out_for_delivery',
  deliveredAt: null,
  deliveryNote: null,
  paymentPending: false,
  orders: [
    {
      orderId: EXAMPLE_IDS.order,
      orderNumber: '#9A4E6B2C',
      customerName: 'Maria Garcia',
      itemsCount: 4,
      specialInstructions: 'Leave the box on the porch swing, please.',
      deliveryStatus: 'out_for_delivery',
      deliveredAt: null,
      deliveryNote: null,
      paymentPending: false,
    },
  ],
}

/** The delivery route the example order's ZIP is in, and its driver. */
export const EXAMPLE_ROUTE: DeliveryRoute = {
  id: 'c4e6a8b0-2d3f-4a5c-9e7b-1d3f5a7c9e38',
  name: 'Heights and Montrose',
  zips: ['77006', '77007', '77008', '77009'],
  driver: {
    id: '0d2f4b6a-8c1e-4a3f-9b5d-7e9a1c3e5f70',
    name: 'Dev Patel',
    email: 'dev.driver@example.com',
  },
}
