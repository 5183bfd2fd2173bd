import { createStore, useStore } from './create-store'

export type ToastKind = 'success' | 'error' | 'info'
export interface Toast {
  id: number
  kind: ToastKind
  text: string
}

export const toastStore = createStore<Toast[]>([])
let nextId = 1

export function showToast(text: string, kind: ToastKind = 'info', durationMs = 4000): void {
  const id = nextId++
  toastStore.set((list) => [...list.filter((t) => t.text !== text), { id, kind, text }].slice(-3))
  setTimeout(() => dismissToast(id), durationMs)
}

export function dismissToast(id: number): void {
  toastStore.set((list) => list.filter((t) => t.id !== id))
}

export const useToasts = (): Toast[] => useStore(toastStore)

/** Every toast at once: what they said was about a screen the reader has left. */
export function dismissToasts(): void {
  toastStore.set([])
}
