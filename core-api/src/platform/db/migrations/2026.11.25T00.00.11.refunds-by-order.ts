import { sqlMigration } from '../sql-migration.ts'

// Every order the buyer sees carries its refunds: find them by order.
const up = `CREATE INDEX payment_refund_order ON payment_refund (order_id);`
const down = `DROP INDEX IF EXISTS payment_refund_order;`

export const refundsByOrder = sqlMigration('2026.11.25T00.00.11.refunds-by-order', up, down)
