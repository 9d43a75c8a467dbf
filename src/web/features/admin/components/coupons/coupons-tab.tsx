// to be built (issue 7)
export function CouponsTab() {
  return <p className="text-muted-foreground">Coming up.</p>
}
