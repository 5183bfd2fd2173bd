// Staff: sign-in with a second factor, the session, the permission check (the table is
// @rpt/contract's STAFF_PERMISSIONS), who is acting (the actor), the audit,
// audited exports, and the staff accounts (admins manage them; each member
// changes their own password and second factor). Every other staff-facing
// module builds on it. Other modules import this file only.

export { staffActorOf } from './actor.ts'
export type { StaffActor } from './actor.ts'
export { writeAudit } from './audit.ts'
export { default as staffAccountRoutes } from './routes/accounts.ts'
export { default as staffAuditRoutes } from './routes/audit.ts'
export { default as staffOwnAccountRoutes } from './routes/own-account.ts'
export { default as staffRoutes } from './routes/session.ts'
export { auditExport, sendExport } from './spreadsheet-export.ts'
export type { ExportColumn, ExportSheet } from './spreadsheet-export.ts'
export { default as staffOwnAccount } from './own-account.ts'
export { default as staffAccounts } from './staff-accounts.ts'
export { default as staffService, staffOf } from './staff-service.ts'
