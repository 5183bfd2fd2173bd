import { sqlMigration } from '../sql-migration.ts'

// The report list's facet counts without a keyword cover the whole
// catalogue of a language (an index-only scan of 100,000 entries per
// request) and change only when a report does. A counter bumped by every
// statement that writes research_report lets the API keep those counts
// until the catalogue changes, and never past it.
const up = `
CREATE TABLE research_report_version (
  id smallint PRIMARY KEY CHECK (id = 1),
  version bigint NOT NULL
);
INSERT INTO research_report_version VALUES (1, 1);

CREATE FUNCTION rpt_research_report_bump_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE research_report_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER research_report_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON research_report
  FOR EACH STATEMENT EXECUTE FUNCTION rpt_research_report_bump_version();
`

const down = `
DROP TRIGGER IF EXISTS research_report_bump_version ON research_report;
DROP FUNCTION IF EXISTS rpt_research_report_bump_version();
DROP TABLE IF EXISTS research_report_version;
`

export const reportCatalogueVersion = sqlMigration('2026.11.23T00.00.06.report-catalogue-version', up, down)
