// to be built (issue 7)
export function EmailsTab() {
  return <p className="text-muted-foreground">Coming up.</p>
}
