import { randomUUID } from 'node:crypto'
import type { Database } from '#server/db/client.ts'
import { orderItems, orders, orderStatusChanges } from '#server/db/schema/index.ts'

export type OrderRow = typeof orders.$inferSelect

/**
 * An order row written directly, for dates and volumes a checkout cannot make quickly (a year
 * of orders, a day five months back). Its money lines are a consistent $60.00 basket; give
 * `items` to add lines and `statusChanges` to add recorded changes.
 */
export async function makeOrder(
  db: Database,
  values: Partial<typeof orders.$inferInsert> & { userId: string; deliveryDate: Date },
  extras: {
    items?: Array<Partial<typeof orderItems.$inferInsert>>
    statusChanges?: Array<Partial<typeof orderStatusChanges.$inferInsert>>
  } = {},
): Promise<OrderRow> {
  const [row] = await db
    .insert(orders)
    .values({
      customerName: 'Maria Gonzalez',
      customerEmail: 'maria.gonzalez@example.com',
      deliveryAddress: '1200 Heights Blvd, Houston, TX 77008',
      subtotal: '60.00',
      deliveryFee: '5.99',
      tax: '4.95',
      total: '70.94',
      paymentIntentId: `pi_test_${randomUUID()}`,
      ...values,
    })
    .returning()
  if (!row) throw new Error('order not inserted')
  for (const item of extras.items ?? []) {
    await db.insert(orderItems).values({
      productName: 'Heirloom tomatoes',
      productPrice: '4.50',
      quantity: 2,
      farmSource: 'Gundermann Acres',
      ...item,
      orderId: row.id,
    })
  }
  for (const change of extras.statusChanges ?? []) {
    await db.insert(orderStatusChanges).values({
      field: 'status',
      fromValue: 'pending',
      toValue: 'confirmed',
      changedByEmail: 'admin@example.com',
      ...change,
      orderId: row.id,
    })
  }
  return row
}
