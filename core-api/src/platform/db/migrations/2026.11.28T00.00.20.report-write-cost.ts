import { sqlMigration } from '../sql-migration.ts'

// What each report write costs (10,000 imported within the
// minute on the embedded database, and searches answered meanwhile).
//
// research_report kept GIN indexes of its own on search_text and
// search_grams although research_report_search holds the same two columns,
// indexed the same way, for every search: every written row was indexed
// twice, some 200 keys each, and an updated row (a new heap tuple) twice
// more. Only the category and year counts still read them, and they now read
// the search table (src/modules/search/plans/count-lists.ts). Measured on the
// embedded database: a 500-row insert's time roughly halved without them.
//
// The search table's update trigger fired for any UPDATE naming title,
// status, price, … in its SET, and an import or a save names them all: the
// row was rewritten with identical values (a new tuple, its GIN entries
// again). It now fires only when a column the search table copies changed
// (search_text stands for title and summary, search_grams follows it).
const up = `
DROP INDEX IF EXISTS research_report_search_text;
DROP INDEX IF EXISTS research_report_search_grams;

DROP TRIGGER IF EXISTS research_report_search_update ON research_report;
CREATE TRIGGER research_report_search_update AFTER UPDATE OF lang, status, market_type, report_region, price, publish_date, title, outline ON research_report
  FOR EACH ROW
  WHEN ((OLD.lang, OLD.status, OLD.market_type, OLD.report_region, OLD.price, OLD.publish_date, OLD.search_text)
        IS DISTINCT FROM (NEW.lang, NEW.status, NEW.market_type, NEW.report_region, NEW.price, NEW.publish_date, NEW.search_text))
  EXECUTE FUNCTION rpt_research_report_search_sync();
`

const down = `
DROP TRIGGER IF EXISTS research_report_search_update ON research_report;
CREATE TRIGGER research_report_search_update AFTER UPDATE OF lang, status, market_type, report_region, price, publish_date, title, outline ON research_report
  FOR EACH ROW EXECUTE FUNCTION rpt_research_report_search_sync();

CREATE INDEX IF NOT EXISTS research_report_search_text ON research_report USING gin (search_text gin_trgm_ops);
CREATE INDEX IF NOT EXISTS research_report_search_grams ON research_report USING gin (search_grams);
`

export const reportWriteCost = sqlMigration('2026.11.28T00.00.20.report-write-cost', up, down)
