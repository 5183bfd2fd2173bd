import type { StaffRequestListItem } from '@rpt/contract'
import type { ExportColumn, ExportSheet } from '../../lib/spreadsheet-export.ts'

// The requests export (issue 35): the filtered list's columns, written by
// the staff desk's streaming export (lib/spreadsheet-export.ts).

const COLUMNS: ExportColumn<StaffRequestListItem>[] = [
  { header: 'ID', value: (r) => Number(r.id), width: 10 },
  { header: 'Sent at', value: (r) => new Date(r.createdAt), width: 20 },
  { header: 'Type', value: (r) => r.type, width: 10 },
  { header: 'Status', value: (r) => r.status, width: 12 },
  { header: 'Assignee', value: (r) => r.assignee, width: 16 },
  { header: 'Company', value: (r) => r.company, width: 30 },
  { header: 'Name', value: (r) => r.name, width: 16 },
  { header: 'E-mail', value: (r) => r.email, width: 28 },
  { header: 'Phone', value: (r) => r.phone, width: 18 },
  { header: 'Report', value: (r) => r.reportTitle, width: 30 },
  { header: 'Site language', value: (r) => r.lang, width: 8 },
  { header: 'Demand', value: (r) => r.demand, width: 60 },
  { header: 'Updated at', value: (r) => new Date(r.updatedAt), width: 20 },
]

export const REQUESTS_SHEET: ExportSheet<StaffRequestListItem> = { name: 'Requests', columns: COLUMNS }
