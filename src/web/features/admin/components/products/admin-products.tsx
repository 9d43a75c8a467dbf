// to be built (issue 7)
export function AdminProducts() {
  return <p className="py-8 text-muted-foreground">Coming up.</p>
}
