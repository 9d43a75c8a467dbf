import { cva, type VariantProps } from 'class-variance-authority'
import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'
import { Slot } from './slot.tsx'

/**
 * The variants, sizes, shapes and flex behaviours. Each CSS property comes from one place only
 * (the text size from the size, the corners from the shape, shrink or grow from `grow`), because
 * `cn` joins classes without resolving conflicts: a one-off look is a variant here, not classes
 * that a caller adds on top.
 */
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 font-semibold whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*=size-])]:size-4',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-forest-dark',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
        /** the outline in the destructive colour: a customer cancelling an order */
        'destructive-outline':
          'border border-destructive/40 bg-card text-destructive shadow-xs hover:bg-destructive/5 hover:text-destructive',
        outline:
          'border border-input bg-card shadow-xs hover:bg-accent hover:text-accent-foreground',
        /** the outline with tomato text: the admin's cancel order */
        'outline-tomato':
          'border border-input bg-card text-tomato shadow-xs hover:bg-accent hover:text-tomato',
        secondary: 'bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        /** tomato without a background until hovered: the admin's delete icons */
        'ghost-tomato': 'text-tomato hover:bg-accent hover:text-tomato',
        /** muted, turning destructive on hover: removing a line */
        'ghost-destructive': 'text-muted-foreground hover:bg-accent hover:text-destructive',
        link: 'text-primary underline-offset-4 hover:underline',
        /** butter on the dark forest background (the footer's sign-up) */
        butter:
          'bg-butter text-charcoal shadow-none hover:bg-butter/90 focus-visible:outline-butter',
      },
      size: {
        default: 'h-10 px-4 py-2 text-sm',
        /** default's look, 44 px high on a phone for a thumb (a list's own buttons) */
        touch: 'h-11 px-4 py-2 text-sm sm:h-10',
        xs: 'h-8 px-2 text-sm',
        sm: 'h-9 px-3 text-sm',
        lg: 'h-12 px-6 text-base',
        /** lg's text beside a field of h-11 */
        'lg-field': 'h-11 px-6 text-base',
        /** no height or padding of its own: a link-like button in a line of text */
        inline: 'h-auto px-0 py-1 text-sm',
        icon: 'size-10 text-sm',
        'icon-sm': 'size-9 text-sm',
        'icon-xs': 'size-8 text-sm',
      },
      shape: {
        default: 'rounded-md',
        pill: 'rounded-full',
      },
      /** fill the free space of a flex row instead of keeping its own width */
      grow: {
        false: 'shrink-0',
        true: 'flex-1',
      },
    },
    defaultVariants: { variant: 'default', size: 'default', shape: 'default', grow: false },
  },
)

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** render the child element (e.g. a Link) with the button's look */
    asChild?: boolean
  }

export function Button({
  className,
  variant,
  size,
  shape,
  grow,
  asChild = false,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot : 'button'
  return (
    <Component
      data-slot="button"
      className={cn(buttonVariants({ variant, size, shape, grow }), className)}
      {...props}
    />
  )
}
