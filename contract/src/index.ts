// The contract of the core API, once: the schemas it validates and documents
// with, and the types the BFF and the client call it with. One module per
// resource (named after its routes folder in core-api), plus the envelope and
// the shared fields; routes/ declares every call (address, input, answer, and
// for a staff call the action of the staff permission table it needs);
// staff-permissions.ts is that table, cache-tags.ts the tags the core API and
// the BFF purge by.

export * from './envelope.ts'
export * from './fields.ts'
export * from './carousel.ts'
export * from './config.ts'
export * from './customer-info.ts'
export * from './dict.ts'
export * from './home.ts'
export * from './market-info.ts'
export * from './research-brief-report.ts'
export * from './research-report.ts'
export * from './staff.ts'
export * from './staff-permissions.ts'
export * from './staff-reports.ts'
export * from './staff-articles.ts'
export * from './staff-media.ts'
export * from './staff-imports.ts'
export * from './staff-requests.ts'
export * from './staff-site.ts'
export * from './staff-orders.ts'
export * from './staff-dashboard.ts'
export * from './staff-customers.ts'
export * from './staff-accounts.ts'
export * from './addresses.ts'
export * from './staff-shipments.ts'
export * from './content.ts'
export * from './website-user.ts'
export * from './website-user-order.ts'
export * from './bank-transfer.ts'
export * from './website-user-research-order.ts'
export * from './invoicing.ts'
export * from './order-documents.ts'
export * from './routes/index.ts'
export * from './validation-messages.ts'
export * from './cache-tags.ts'
export * from './business-day.ts'
export * from './uscc.ts'
