import type { StaffRequestListItem } from '@rpt/contract'
import type { Lang } from '../../../platform/errors.ts'
import type { ExportColumn, ExportSheet } from '../../staff/index.ts'

// The requests export: the filtered list's columns, written by
// the staff desk's streaming export (staff/spreadsheet-export.ts), headed in
// the caller's language as the orders export is, its type and status in
// words of that language, as the console shows them. Times are UTC date cells.

type Column = Omit<ExportColumn<StaffRequestListItem>, 'header' | 'value'> & {
  header: Record<Lang, string>
  value: (row: StaffRequestListItem, lang: Lang) => ReturnType<ExportColumn<StaffRequestListItem>['value']>
}

/** The console's words for a request's type and status (client staff messages: staff.requests.type.*, .status.*). */
const WORDS: Record<string, Record<Lang, string>> = {
  sample: { 'en-US': 'Sample', 'zh-CN': '样本申请' },
  custom: { 'en-US': 'Custom research', 'zh-CN': '定制研究' },
  new: { 'en-US': 'New', 'zh-CN': '新建' },
  contacted: { 'en-US': 'Contacted', 'zh-CN': '已联系' },
  quoted: { 'en-US': 'Quoted', 'zh-CN': '已报价' },
  won: { 'en-US': 'Won', 'zh-CN': '成交' },
  lost: { 'en-US': 'Lost', 'zh-CN': '流失' },
}
const words = (code: string, lang: Lang) => WORDS[code]?.[lang] ?? code

const COLUMNS: readonly Column[] = [
  { header: { 'en-US': 'ID', 'zh-CN': '编号' }, value: (r) => Number(r.id), width: 10 },
  { header: { 'en-US': 'Sent at (UTC)', 'zh-CN': '提交时间（UTC）' }, value: (r) => new Date(r.createdAt), width: 20 },
  { header: { 'en-US': 'Type', 'zh-CN': '类型' }, value: (r, lang) => words(r.type, lang), width: 14 },
  { header: { 'en-US': 'Status', 'zh-CN': '状态' }, value: (r, lang) => words(r.status, lang), width: 12 },
  { header: { 'en-US': 'Assignee', 'zh-CN': '负责人' }, value: (r) => r.assignee, width: 16 },
  { header: { 'en-US': 'Company', 'zh-CN': '公司' }, value: (r) => r.company, width: 30 },
  { header: { 'en-US': 'Name', 'zh-CN': '联系人' }, value: (r) => r.name, width: 16 },
  { header: { 'en-US': 'E-mail', 'zh-CN': '邮箱' }, value: (r) => r.email, width: 28 },
  { header: { 'en-US': 'Phone', 'zh-CN': '电话' }, value: (r) => r.phone, width: 18 },
  { header: { 'en-US': 'Report', 'zh-CN': '报告' }, value: (r) => r.reportTitle, width: 30 },
  { header: { 'en-US': 'Site language', 'zh-CN': '网站语言' }, value: (r) => r.lang, width: 8 },
  { header: { 'en-US': 'Demand', 'zh-CN': '需求' }, value: (r) => r.demand, width: 60 },
  { header: { 'en-US': 'Updated at (UTC)', 'zh-CN': '更新时间（UTC）' }, value: (r) => new Date(r.updatedAt), width: 20 },
]

/** The sheet, its headers in the caller's language. */
export function requestsSheet(lang: Lang): ExportSheet<StaffRequestListItem> {
  return {
    name: lang === 'zh-CN' ? '需求' : 'Requests',
    columns: COLUMNS.map((column) => ({ ...column, header: column.header[lang], value: (row) => column.value(row, lang) })),
  }
}
