import { eq } from 'drizzle-orm'
import { driverUsers, users } from '#server/db/schema/index.ts'
import { deliveryOfSaturday } from '#shared/domain/delivery.ts'
import type { TestApp } from '#tests/setup/test-app.ts'
import { signUp } from './customer.ts'
import { makeOrder } from './order.ts'

/** A signed-in driver: a customer account listed in driver_users (as an accepted invitation makes). */
export async function signUpDriver(shop: TestApp, tag = 'driver', firstName = 'Dana') {
  const driver = await signUp(shop, tag)
  await shop.database.db.insert(driverUsers).values({ userId: driver.userId })
  await shop.database.db.update(users).set({ firstName }).where(eq(users.id, driver.userId))
  return driver
}

/** An order for a Saturday's delivery at an address ("12 Yale St, Houston, TX 77008"). */
export function makeStop(
  shop: TestApp,
  userId: string,
  saturday: string,
  deliveryAddress: string,
  values: Parameters<typeof makeOrder>[1] extends infer V ? Partial<V> : never = {},
) {
  return makeOrder(
    shop.database.db,
    { userId, deliveryDate: deliveryOfSaturday(saturday), deliveryAddress, ...values },
    { items: [{ quantity: 2 }, { productName: 'Pasture eggs', quantity: 1 }] },
  )
}
