import { sqlMigration } from '../sql-migration.ts'

// The staff API's site content. A carousel slide may show an
// uploaded image (its file name under media/images, named by its SHA-256);
// slides without one answer as before. Dictionary entries and configuration
// values carry a version for optimistic concurrency (two editors: the second
// save is refused), and site_version holds the version of what is saved as
// one list (a language's carousel), with who saved it last.
const up = `
ALTER TABLE carousel ADD COLUMN image_file varchar(80);
ALTER TABLE sys_dict_data ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE sys_config ADD COLUMN version integer NOT NULL DEFAULT 1;
CREATE TABLE site_version (
  scope varchar(64) PRIMARY KEY,
  version integer NOT NULL DEFAULT 1,
  updated_by varchar(64),
  updated_at timestamptz NOT NULL DEFAULT now()
);
`
const down = `
DROP TABLE IF EXISTS site_version;
ALTER TABLE sys_config DROP COLUMN IF EXISTS version;
ALTER TABLE sys_dict_data DROP COLUMN IF EXISTS version;
ALTER TABLE carousel DROP COLUMN IF EXISTS image_file;
`

export const staffSite = sqlMigration('2026.11.28T00.00.19.staff-site', up, down)
