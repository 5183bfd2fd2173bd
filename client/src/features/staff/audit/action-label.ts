import type { StaffMessageId } from '../messages'
import type { StaffTranslate } from '../kit/use-staff-t'

// The audit log stores an action as a code, `<record>.<what was done>`
// (report.publish, customer.reset-mail, staff.login.failed): codes are what
// the filter and a script match. A reader gets words: the record's kind and
// the verb, each from the catalogues; a code this console does not know yet
// (a newer server) shows as it is.

const RECORDS = new Set([
  'report',
  'reports',
  'bulletin',
  'news',
  'order',
  'customer',
  'request',
  'staff',
  'session',
  'media',
  'dict',
  'config',
  'carousel',
  'files',
  'shipment',
  'invoice',
  'transfer',
])

const VERBS = new Set([
  'create',
  'update',
  'publish',
  'schedule',
  'unpublish',
  'restore',
  'delete',
  'upload',
  'preview',
  'import',
  'import.check',
  'import.refused',
  'import.done',
  'export',
  'refund',
  'close',
  'resend',
  'deliver',
  'view',
  'unlock',
  'reset-mail',
  'disable',
  'enable',
  'note',
  'add',
  'role',
  'reset',
  'start',
  'end',
  'login.failed',
  'login.locked',
  'password.change',
  'totp.change',
  'zip',
  'ship',
  'issue',
  'reverse',
  'receive',
  'statement.import',
  'statement.confirm',
])

/** The action in words ("报告 · 发布"), or its code when a part of it is not known. */
export function actionLabel(t: StaffTranslate, action: string): string {
  const dot = action.indexOf('.')
  const record = action.slice(0, dot)
  const verb = action.slice(dot + 1)
  if (dot < 0 || !RECORDS.has(record) || !VERBS.has(verb)) return action
  return `${t(`staff.audit.record.${record}` as StaffMessageId)} · ${t(`staff.audit.verb.${verb}` as StaffMessageId)}`
}

/** Every message id the labels use: the catalogue test checks each is in both languages. */
export const ACTION_MESSAGE_IDS = [...[...RECORDS].map((r) => `staff.audit.record.${r}`), ...[...VERBS].map((v) => `staff.audit.verb.${v}`)]
