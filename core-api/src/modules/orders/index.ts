// Orders and payments: buying a report or bulletin, the gateways (Alipay, WeChat Pay), notifications,
// closes, refunds, delivery and downloads, bank transfers, and the finance desk's orders.
// Other modules import this file only.

export { default as bankTransfers } from './bank-transfer/bank-transfers.ts'
export { default as bankTransferRoutes } from './bank-transfer/routes.ts'
export { proformaOfOrder } from './bank-transfer/transfer-rows.ts'
export { default as transferDesk } from './bank-transfer/transfer-desk.ts'
export { ACCOUNTING_TIME_ZONE, METHOD_SQL, STATE_SQL, accountOrders, dayStartSql } from './desk/order-reads.ts'
export { default as staffOrderRoutes } from './desk/routes.ts'
export { default as staffOrders, type RefundStep } from './desk/staff-orders.ts'
export { default as orderDelivery } from './order-delivery.ts'
export { ORDER_STATUS } from './order-rows.ts'
export { default as orderService } from './order-service.ts'
export { countOpenCases } from './payments/payment-case-list.ts'
export { default as paymentCases } from './payments/payment-cases.ts'
export { default as paymentIntake } from './payments/payment-intake.ts'
export { default as payments } from './payments/payments.ts'
export { default as downloadRoutes } from './routes/download.ts'
export { default as websiteUserOrderRoutes } from './routes/website-user-order.ts'
export { default as websiteUserResearchOrderRoutes } from './routes/website-user-research-order.ts'
