import type {
  ExportFormat,
  ListOrdersQuery,
  OrderActionResult,
  OrderState,
  PaymentCase,
  PaymentMethod,
  StaffOrder,
  StaffOrderPage,
} from '@rpt/contract'
import { STAFF_CALLS } from '@rpt/contract/staff-calls'
import useSWR from 'swr'
import { staffCall, staffUpload, staffUrl, type UploadOptions } from '../../../lib/staff-api-client'
import { exportUrlOf } from './export-url'

// The staff desk's orders (contract/src/routes/staff-orders.ts), through the BFF's /staff-api.

const O = STAFF_CALLS.staffOrders

export type ListOrdersInput = Omit<ListOrdersQuery, 'lang'>
export type OrderSort = NonNullable<ListOrdersInput['sort']>
export type { OrderState, PaymentCase, PaymentMethod, StaffOrder, StaffOrderPage }

export const ORDER_STATES: readonly OrderState[] = ['unpaid', 'paid', 'cancelled', 'expired', 'failed', 'refunded']
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['alipay', 'wechatpay', 'bank']

export const listOrders = (input: ListOrdersInput) =>
  staffCall<typeof O.list.path, StaffOrderPage>(O.list, undefined, input, { silent: true })
export function useOrderList(input: ListOrdersInput) {
  return useSWR<StaffOrderPage, Error>(['staff/orders', JSON.stringify(input)], () => listOrders(input), { keepPreviousData: true })
}

/** The cases that need a person (the call's default: refunds the gateway refused or that never finished). */
export const listPaymentCases = () => staffCall<typeof O.cases.path, PaymentCase[]>(O.cases, undefined, undefined, { silent: true })
export function usePaymentCases() {
  return useSWR<PaymentCase[], Error>('staff/payment-cases', listPaymentCases)
}

export const getOrder = (orderNo: string) => staffCall<typeof O.get.path, StaffOrder>(O.get, { orderNo }, undefined, { silent: true })
export function useOrder(orderNo: string) {
  return useSWR<StaffOrder, Error>(['staff/order', orderNo], () => getOrder(orderNo), { revalidateOnFocus: false })
}

export const refundOrder = (orderNo: string, reason: string) =>
  staffCall<typeof O.refund.path, OrderActionResult>(O.refund, { orderNo }, { reason }, { silent: true })
export const closeOrder = (orderNo: string) => staffCall<typeof O.close.path, OrderActionResult>(O.close, { orderNo }, {}, { silent: true })
export const resendOrderMail = (orderNo: string) =>
  staffCall<typeof O.resend.path, OrderActionResult>(O.resend, { orderNo }, {}, { silent: true })

/** exportOrders (finance, admin): the list's filters, not its paging or sort; every order they select, oldest first. */
export const exportOrdersUrl = (input: ListOrdersInput, format: ExportFormat, lang: string): string =>
  exportUrlOf(O.exportList.path, input, format, lang, ['pageNo', 'pageSize', 'sort', 'order'])

/** deliverOrderFile (finance, admin): a paid research order's file as the raw body, with progress; the buyer is mailed its link. */
export const deliverOrderFile = (orderNo: string, file: File, options: UploadOptions) =>
  staffUpload<OrderActionResult>(staffUrl(O.deliverFile.path, { orderNo }), { name: file.name }, file, options)
