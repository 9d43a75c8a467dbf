/** Rows grouped by their order, each group in the order the rows came (Map.groupBy needs Node 21). */
export function byOrder<Row extends { orderId: string }>(rows: readonly Row[]): Map<string, Row[]> {
  const grouped = new Map<string, Row[]>()
  for (const row of rows) {
    const group = grouped.get(row.orderId)
    if (group) group.push(row)
    else grouped.set(row.orderId, [row])
  }
  return grouped
}
