import { sqlMigration } from '../sql-migration.ts'

// The licences a report is not sold under. The staff console and the import
// leave a licence's price empty to say so, but an empty price of a legacy row
// means "the configured default" (a report's own prices override the
// defaults): this column tells the two apart. It is written by every staff
// save and import; rows from elsewhere keep the empty default and the legacy
// meaning.
const up = `
ALTER TABLE research_report
  ADD COLUMN unsold_licences text[] NOT NULL DEFAULT '{}'
    CONSTRAINT research_report_unsold_licences_known CHECK (unsold_licences <@ ARRAY['single', 'multi', 'enterprise']::text[]);`

const down = `
ALTER TABLE research_report DROP COLUMN IF EXISTS unsold_licences;`

export const unsoldLicences = sqlMigration('2026.12.02T00.00.31.unsold-licences', up, down)
