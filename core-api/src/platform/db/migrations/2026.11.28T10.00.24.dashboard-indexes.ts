import { sqlMigration } from '../sql-migration.ts'

// The staff dashboard counts this month's orders, and the orders desk lists
// them newest first and by day: both select website_order by created_at,
// which no index led with (website_order_unpaid holds the unpaid ones only),
// so each read the whole table. The other figures of the dashboard have
// theirs already (customer_info_workflow, outgoing_mail_unsent,
// payment_refund_open, payment_close_open).
const up = `CREATE INDEX IF NOT EXISTS website_order_created ON website_order (created_at);`
const down = `DROP INDEX IF EXISTS website_order_created;`

export const dashboardIndexes = sqlMigration('2026.11.28T10.00.24.dashboard-indexes', up, down)
