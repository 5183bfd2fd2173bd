import { sqlMigration } from '../sql-migration.ts'

// Keyword search reads every matching report: the list is ordered and the
// facets counted over all matches, not just a page. Report rows are wide
// (about 4 KB: summary, contents, scope and charts), one or two to a page,
// so a keyword matching 8,000 reports read 8,000 pages of the table. This
// narrow copy holds only what search, filters, facets and order read.
// Triggers keep it in step with every writer of research_report; deleting a
// report deletes its row. The gram array (twice the size of the text) is
// stored out of line: its GIN containment test needs no recheck, so only the
// index reads it, and a dozen rows fit a page. The text stays inline
// (MAIN), as the trigram LIKE rechecks it on every match; only a summary too
// long for a page is compressed or moved out, where PLAIN would refuse the
// report altogether. Both are copied from research_report's generated
// columns, not computed again.
const up = `
CREATE TABLE research_report_search (
  id bigint PRIMARY KEY REFERENCES research_report (id) ON DELETE CASCADE,
  lang varchar(5) NOT NULL,
  status char(1) NOT NULL,
  market_type varchar(64) NOT NULL,
  report_region char(1) NOT NULL,
  price numeric(12,2),
  publish_date date NOT NULL,
  search_text text NOT NULL,
  search_grams text[] NOT NULL
) WITH (toast_tuple_target = 128);
ALTER TABLE research_report_search ALTER COLUMN search_text SET STORAGE MAIN, ALTER COLUMN search_grams SET STORAGE EXTERNAL;

CREATE FUNCTION rpt_research_report_search_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO research_report_search (id, lang, status, market_type, report_region, price, publish_date, search_text, search_grams)
  VALUES (NEW.id, NEW.lang, NEW.status, NEW.market_type, NEW.report_region, NEW.price, NEW.publish_date, NEW.search_text, NEW.search_grams)
  ON CONFLICT (id) DO UPDATE SET
    lang = EXCLUDED.lang, status = EXCLUDED.status, market_type = EXCLUDED.market_type, report_region = EXCLUDED.report_region,
    price = EXCLUDED.price, publish_date = EXCLUDED.publish_date, search_text = EXCLUDED.search_text, search_grams = EXCLUDED.search_grams;
  RETURN NULL;
END
$$;

CREATE TRIGGER research_report_search_insert AFTER INSERT ON research_report
  FOR EACH ROW EXECUTE FUNCTION rpt_research_report_search_sync();
CREATE TRIGGER research_report_search_update AFTER UPDATE OF lang, status, market_type, report_region, price, publish_date, title, outline ON research_report
  FOR EACH ROW EXECUTE FUNCTION rpt_research_report_search_sync();

INSERT INTO research_report_search (id, lang, status, market_type, report_region, price, publish_date, search_text, search_grams)
  SELECT id, lang, status, market_type, report_region, price, publish_date, search_text, search_grams FROM research_report;

CREATE INDEX research_report_search_trgm ON research_report_search USING gin (search_text gin_trgm_ops);
CREATE INDEX research_report_search_gram_set ON research_report_search USING gin (search_grams);
ANALYZE research_report_search;
`

const down = `
DROP TRIGGER IF EXISTS research_report_search_insert ON research_report;
DROP TRIGGER IF EXISTS research_report_search_update ON research_report;
DROP TABLE IF EXISTS research_report_search;
DROP FUNCTION IF EXISTS rpt_research_report_search_sync();
`

export const reportSearchTable = sqlMigration('2026.11.23T00.00.05.report-search-table', up, down)
