import { sqlMigration } from '../sql-migration.ts'

// Two corrections to the two migrations before this one.
//
// research_report_search.search_text was first stored PLAIN (never
// compressed, never out of line): a report whose title and summary pass
// about 8 KB could not be saved at all. MAIN keeps it inline whenever it fits.
// (Databases that have not run 05 yet get MAIN from it directly.)
//
// The catalogue version was bumped by a statement trigger, which locks the
// one version row from a transaction's first report write until it commits:
// report writers queued behind each other and two transactions writing two
// reports in opposite order deadlocked. Bumped at commit instead (a deferred
// constraint trigger, once per transaction), the version row is held only for
// the commit itself, and a reader still never sees a change without its new
// version: both become visible together.
const up = `
ALTER TABLE research_report_search ALTER COLUMN search_text SET STORAGE MAIN;

DROP TRIGGER IF EXISTS research_report_bump_version ON research_report;
CREATE OR REPLACE FUNCTION rpt_research_report_bump_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('rpt.report_version_bumped', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('rpt.report_version_bumped', 'on', true);
    UPDATE research_report_version SET version = version + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER research_report_bump_version AFTER INSERT OR UPDATE OR DELETE ON research_report
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION rpt_research_report_bump_version();
CREATE TRIGGER research_report_bump_version_truncate AFTER TRUNCATE ON research_report
  FOR EACH STATEMENT EXECUTE FUNCTION rpt_research_report_bump_version();
`

const down = `
DROP TRIGGER IF EXISTS research_report_bump_version ON research_report;
DROP TRIGGER IF EXISTS research_report_bump_version_truncate ON research_report;
CREATE OR REPLACE FUNCTION rpt_research_report_bump_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE research_report_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;
CREATE TRIGGER research_report_bump_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON research_report
  FOR EACH STATEMENT EXECUTE FUNCTION rpt_research_report_bump_version();
ALTER TABLE research_report_search ALTER COLUMN search_text SET STORAGE PLAIN;
`

export const reportSearchFixes = sqlMigration('2026.11.23T00.00.07.report-search-fixes', up, down)
