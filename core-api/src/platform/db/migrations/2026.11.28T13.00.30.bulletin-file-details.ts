import { sqlMigration } from '../sql-migration.ts'

// A bulletin's file (what its buyers download) is uploaded by staff
// now, as a report's is: it keeps its size, SHA-256, the type found from its
// bytes and when it came, beside attachment_key/attachment_name (which paid
// orders copy). All nullable: a bulletin without a file has none of them.
const up = `
ALTER TABLE research_brief_report
  ADD COLUMN attachment_size bigint,
  ADD COLUMN attachment_sha256 char(64),
  ADD COLUMN attachment_type varchar(100),
  ADD COLUMN attachment_uploaded_at timestamptz;`

const down = `
ALTER TABLE research_brief_report
  DROP COLUMN IF EXISTS attachment_size,
  DROP COLUMN IF EXISTS attachment_sha256,
  DROP COLUMN IF EXISTS attachment_type,
  DROP COLUMN IF EXISTS attachment_uploaded_at;`

export const bulletinFileDetails = sqlMigration('2026.11.28T13.00.30.bulletin-file-details', up, down)
