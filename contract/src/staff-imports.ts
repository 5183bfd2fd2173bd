import { Type, type Static } from 'typebox'
import { LangOnlyQuery } from './fields.ts'

// Bulk import of reports: a CSV or XLSX sheet, one report a row,
// with an optional zip of their files. A dry run answers each row's errors and
// changes nothing; a real run is checked the same way first, then runs as a
// job in batches, idempotent on each edition's slug, and reports its progress.

export const ImportStatus = Type.Union(
  [
    Type.Literal('validating'),
    Type.Literal('invalid'),
    Type.Literal('ready'),
    Type.Literal('running'),
    Type.Literal('done'),
    Type.Literal('failed'),
  ],
  {
    description:
      'validating: being checked; invalid: rows have errors (nothing changed); ready: checked (a dry run ends here; a real run is queued); running; done; failed (see message)',
  },
)
export type ImportStatus = Static<typeof ImportStatus>

export const ImportRowError = Type.Object({
  row: Type.Integer({ description: 'The row of the sheet, the header being row 1' }),
  column: Type.String({ description: 'The column at fault (its header), or "" for the row as a whole' }),
  message: Type.String({ description: "In the caller's language" }),
})
export type ImportRowError = Static<typeof ImportRowError>

export const StaffImport = Type.Object({
  id: Type.String(),
  status: ImportStatus,
  dryRun: Type.Boolean(),
  total: Type.Integer({ description: 'Rows (reports) in the sheet' }),
  done: Type.Integer({ description: 'Rows imported so far' }),
  created: Type.Integer(),
  updated: Type.Integer({ description: 'Rows whose slug was already there (a second run updates, never duplicates)' }),
  errors: Type.Array(ImportRowError, { description: 'At most the first 1,000' }),
  message: Type.Union([Type.String(), Type.Null()], { description: 'Why a run failed' }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
})
export type StaffImport = Static<typeof StaffImport>

export const ImportIdParam = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,18}$' }) }, { additionalProperties: false })
export type ImportIdParam = Static<typeof ImportIdParam>

export const ImportQuery = LangOnlyQuery
