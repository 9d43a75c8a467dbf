import { Tabs as TabsPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'

export const Tabs = TabsPrimitive.Root

export function TabsList({
  className,
  layout = 'inline',
  ...props
}: ComponentProps<typeof TabsPrimitive.List> & {
  /** `grid`: the caller sets the columns (and any display at wider screens) */
  layout?: 'inline' | 'grid'
}) {
  return (
    <TabsPrimitive.List
      className={cn(
        layout === 'grid' ? 'grid' : 'inline-flex',
        'items-center gap-1 rounded-lg bg-muted p-1',
        className,
      )}
      {...props}
    />
  )
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors disabled:opacity-50 data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  )
}

export function TabsContent({
  className,
  spacing = 'mt-4',
  ...props
}: ComponentProps<typeof TabsPrimitive.Content> & {
  /** the space above the panel */
  spacing?: 'mt-4' | 'mt-6'
}) {
  return <TabsPrimitive.Content className={cn(spacing, className)} {...props} />
}
