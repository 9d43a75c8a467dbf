// to be built (issue 7)
export function MessagesTab() {
  return <p className="text-muted-foreground">Coming up.</p>
}
