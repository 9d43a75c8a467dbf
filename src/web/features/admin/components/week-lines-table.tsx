import type { WeekLine } from '#shared/schemas/week.ts'

/** Products and how many of each: the body of a harvest list or a pick-list group. */
export function WeekLinesTable({
  lines,
  caption,
}: {
  lines: readonly WeekLine[]
  caption: string
}) {
  return (
    <table className="w-full table-fixed text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-border text-left text-muted-foreground">
          <th scope="col" className="w-3/5 py-1.5 font-medium">
            Product
          </th>
          <th scope="col" className="py-1.5 font-medium">
            Unit
          </th>
          <th scope="col" className="w-1/5 py-1.5 text-right font-medium">
            Quantity
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.productId ?? line.name} className="border-b border-border/60">
            <td className="py-1.5 pr-2">{line.name}</td>
            <td className="py-1.5 pr-2 text-muted-foreground">{line.unit}</td>
            <td className="py-1.5 text-right font-semibold tabular-nums">{line.quantity}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
