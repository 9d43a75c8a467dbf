// to be built (issue 7)
export function OrdersTab() {
  return <p className="text-muted-foreground">Coming up.</p>
}
