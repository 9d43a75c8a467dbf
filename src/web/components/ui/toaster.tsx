import { XIcon } from 'lucide-react'
import { Toast as ToastPrimitive } from 'radix-ui'
import { useSyncExternalStore } from 'react'
import { cn } from '#web/lib/cn.ts'
import { TOAST_DURATION_MS, dismissToast, toastStore } from './toast-store.ts'

/** Renders the toast queue; mount once, near the root. */
export function Toaster() {
  const toasts = useSyncExternalStore(
    toastStore.subscribe,
    toastStore.getSnapshot,
    toastStore.getSnapshot,
  )
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right">
      {toasts.map(({ id, title, description, variant = 'default', duration, action, open }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          duration={duration}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id)
          }}
          className={cn(
            // compact on a phone: a strip at the bottom, not a fifth of the screen
            'group pointer-events-auto relative flex w-full items-center gap-2 rounded-lg border p-3 pr-9 shadow-lg sm:items-start sm:gap-3 sm:p-4 sm:pr-10 data-[state=open]:animate-fade-in data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x) data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x)',
            variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'border-border bg-card text-card-foreground',
          )}
        >
          <div className="grid min-w-0 flex-1 gap-0.5 sm:gap-1">
            {title ? (
              <ToastPrimitive.Title className="truncate text-sm font-semibold sm:overflow-visible sm:text-base sm:whitespace-normal">
                {title}
              </ToastPrimitive.Title>
            ) : null}
            {description ? (
              <ToastPrimitive.Description className="text-xs opacity-90 sm:text-sm">
                {description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          {action}
          <ToastPrimitive.Close
            className="absolute top-2 right-2 rounded-sm p-1 opacity-70 transition-opacity hover:opacity-100 sm:top-3 sm:right-3"
            aria-label="Close"
          >
            <XIcon className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[100] flex w-full flex-col gap-2 p-2 sm:max-w-sm sm:p-4 print:hidden" />
    </ToastPrimitive.Provider>
  )
}
