import { ImportIdParam, ImportQuery, StaffImport } from '../staff-imports.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

export const staffImportRoutes = defineRoutes(CALLS.staffImports, ['Staff: imports'], {
  create: {
    operationId: 'importReports',
    permission: 'reports.import',
    summary: 'Imports reports from a CSV or XLSX sheet, with a zip of their files (multipart/form-data)',
    description:
      'Parts: `file` (the sheet, .csv or .xlsx), optional `files` (a .zip whose paths the sheet names), optional `dryRun` (true: check only). ' +
      'Row errors answer status invalid with {row, column, message} and change nothing. A real run without errors is queued (status ready) ' +
      'and runs in batches, idempotent on each edition slug; follow it with getImport. A zip bomb (300128), a path escaping the zip (300129) ' +
      'or a file whose bytes are not what its name says (300130) refuse the whole import, and so does an XLSX sheet too large once ' +
      'uncompressed or compressed as a zip bomb (300136). Columns: docs/staff.md "Bulk import".',
    querystring: ImportQuery,
    data: StaffImport,
  },
  get: {
    operationId: 'getImport',
    permission: 'reports.import',
    summary: 'An import with its progress and row errors',
    params: ImportIdParam,
    querystring: ImportQuery,
    data: StaffImport,
  },
})
