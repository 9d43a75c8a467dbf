/**
 * "Taxable" beside a line Texas sales tax applies to (docs/product.md#tax); food for home is
 * exempt and carries no mark.
 */
export function TaxableMark() {
  return (
    <span className="ml-1.5 inline-block rounded-sm bg-wheat px-1.5 py-px align-middle text-xs font-medium text-foreground">
      Taxable
    </span>
  )
}
