import type { ReactNode } from 'react'

/**
 * The toast queue: one toast visible at a time, a new one replaces the old, and each
 * stays 5000 ms unless it says otherwise. A tiny external store so toast() works anywhere,
 * including outside React (query error handlers).
 */
export const TOAST_LIMIT = 1
export const TOAST_DURATION_MS = 5000
const REMOVE_AFTER_CLOSE_MS = 300

export interface ToastInput {
  title?: ReactNode
  description?: ReactNode
  variant?: 'default' | 'destructive'
  duration?: number
  action?: ReactNode
}

export interface ToastItem extends ToastInput {
  id: number
  open: boolean
}

let toasts: ToastItem[] = []
let nextId = 1
const listeners = new Set<() => void>()

function emit(next: ToastItem[]) {
  toasts = next
  for (const listener of listeners) listener()
}

export function toast(input: ToastInput) {
  const id = nextId++
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT))
  return { id, dismiss: () => dismissToast(id) }
}

export function dismissToast(id: number) {
  emit(toasts.map((item) => (item.id === id ? { ...item, open: false } : item)))
  setTimeout(() => emit(toasts.filter((item) => item.id !== id)), REMOVE_AFTER_CLOSE_MS)
}

export const toastStore = {
  subscribe: (listener: () => void) => {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
  getSnapshot: () => toasts,
}
