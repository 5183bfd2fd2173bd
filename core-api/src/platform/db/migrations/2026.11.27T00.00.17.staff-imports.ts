import { sqlMigration } from '../sql-migration.ts'

// Bulk imports of reports: one row an import, with where its
// sheet and zip are kept in the file store, its progress (done counts the
// sheet's rows imported, so a restarted job continues from there) and its
// row errors (both languages).
const up = `
CREATE TABLE staff_import (
  id bigserial PRIMARY KEY,
  actor jsonb NOT NULL,
  status varchar(12) NOT NULL CHECK (status IN ('validating', 'invalid', 'ready', 'running', 'done', 'failed')),
  dry_run boolean NOT NULL,
  sheet_key varchar(200),
  sheet_kind varchar(8) NOT NULL CHECK (sheet_kind IN ('csv', 'xlsx')),
  files_key varchar(200),
  total integer NOT NULL DEFAULT 0,
  done integer NOT NULL DEFAULT 0,
  created integer NOT NULL DEFAULT 0,
  updated integer NOT NULL DEFAULT 0,
  errors jsonb NOT NULL DEFAULT '[]',
  message jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_import_created_at ON staff_import (created_at);
`

const down = `
DROP TABLE IF EXISTS staff_import;
`

export const staffImports = sqlMigration('2026.11.27T00.00.17.staff-imports', up, down)
