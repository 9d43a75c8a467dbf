// Copies one order that was placed through the shop (checkout, demo card authorised) into many:
// each copy has its own demo payment, awaiting capture for the same amount, and the same lines.
// The cut-off bench and the cut-off crash test use it to have thousands of authorised orders in
// seconds instead of thousands of checkouts. Every column is copied from the real rows, so the
// copies stay what the shop itself writes as its tables grow.

/**
 * @param {(text: string, values?: unknown[]) => Promise<{ rows: any[] }>} query one connection's query
 * @param {string} orderId an order placed through the shop, paid with the demo provider
 * @param {number} copies how many orders to add
 */
export async function copyAuthorisedOrder(query, orderId, copies) {
  const columns = async (table) =>
    (
      await query(
        `select column_name from information_schema.columns
          where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
        [table],
      )
    ).rows.map((row) => row.column_name)
  const selectList = (names, overrides) =>
    names.map((name) => overrides[name] ?? `source.${name}`).join(', ')
  const orderColumns = await columns('orders')
  const itemColumns = await columns('order_items')
  const paymentColumns = await columns('demo_payments')

  await query('begin')
  try {
    await query(
      `create temp table order_copies on commit drop as
         select gen_random_uuid() as order_id,
                'pi_demo_copy_' || replace(gen_random_uuid()::text, '-', '') as payment_id
           from generate_series(1, $1)`,
      [copies],
    )
    await query(
      `insert into demo_payments (${paymentColumns.join(', ')})
       select ${selectList(paymentColumns, {
         id: 'copy.payment_id',
         client_secret: "copy.payment_id || '_secret'",
         idempotency_key: "'copy:' || copy.payment_id",
       })}
         from demo_payments as source, order_copies as copy
        where source.id = (select current_payment_id from orders where id = $1)`,
      [orderId],
    )
    await query(
      `insert into orders (${orderColumns.join(', ')})
       select ${selectList(orderColumns, {
         id: 'copy.order_id',
         payment_intent_id: 'copy.payment_id',
         current_payment_id: 'copy.payment_id',
       })}
         from orders as source, order_copies as copy
        where source.id = $1`,
      [orderId],
    )
    await query(
      `insert into order_items (${itemColumns.join(', ')})
       select ${selectList(itemColumns, { id: 'gen_random_uuid()', order_id: 'copy.order_id' })}
         from order_items as source, order_copies as copy
        where source.order_id = $1`,
      [orderId],
    )
    await query('commit')
  } catch (error) {
    await query('rollback')
    throw error
  }
}
