import type { OrderItem } from '@rpt/contract'
import { createStore, useStore } from './create-store'

// Numbers follow the product spec's modal modes; 'reset-done' is mode 4 of
// the login/register modal, 'forgot' the separate forgot-password modal,
// 'pay' mode 4 (payment method, then the WeChat QR dialog) and
// 'research-email' mode 6 (confirm the e-mail of a research order).
export type ModalState =
  | { mode: 'custom'; type: '1' | '2'; reportId?: string; reportPrice?: number; reportTitle?: string; demand?: string }
  /** email: filled in for the visitor (an invitation names the address the account must have) */
  | { mode: 'register'; email?: string }
  | { mode: 'login' }
  | { mode: 'reset'; resetToken: string }
  | { mode: 'reset-done' }
  | { mode: 'forgot' }
  | { mode: 'pay'; target: PayTarget }
  | { mode: 'research-email'; order: ResearchOrderSummary }

/** What the payment modal pays: a new bulletin order, or an existing unpaid order. */
export interface PayTarget {
  kind: 'brief' | 'research'
  /** An existing unpaid order */
  orderId?: string
  /** A bulletin bought directly (creates the order) */
  researchBriefReportId?: string
  title: string
  payPrice: number
  currency: string
}

/** What the e-mail confirmation (and then the payment) of a research order shows of it. */
export type ResearchOrderSummary = Pick<OrderItem, 'id' | 'orderNo' | 'title' | 'edition' | 'licence' | 'email' | 'payPrice' | 'currency'>

export const modalStore = createStore<ModalState | null>(null)

export const openModal = (state: ModalState): void => modalStore.set(state)
export const closeModal = (): void => modalStore.set(null)
export const useModal = (): ModalState | null => useStore(modalStore)
