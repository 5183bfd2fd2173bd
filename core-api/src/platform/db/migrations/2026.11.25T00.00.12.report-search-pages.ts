import { sqlMigration } from '../sql-migration.ts'

// Deep pages of the report list (page 9,000 of 10,000, or the last) read
// and discarded every report before them: research_report_list orders the
// wide table, so each skipped report was a heap visit (about 4 KB a row).
// These indexes order the narrow research_report_search by each of the
// list's sorts and carry every column a filter reads, so a page's ids come
// from an index-only scan, from either end (a page past the middle is read
// backwards), and only the page's own rows are read from research_report.
const up = `
CREATE INDEX research_report_search_latest ON research_report_search (lang, status, publish_date DESC, id DESC) INCLUDE (market_type, report_region, price);
CREATE INDEX research_report_search_price_asc ON research_report_search (lang, status, price ASC NULLS LAST, publish_date DESC, id DESC) INCLUDE (market_type, report_region);
CREATE INDEX research_report_search_price_desc ON research_report_search (lang, status, price DESC NULLS LAST, publish_date DESC, id DESC) INCLUDE (market_type, report_region);
`

const down = `
DROP INDEX IF EXISTS research_report_search_latest;
DROP INDEX IF EXISTS research_report_search_price_asc;
DROP INDEX IF EXISTS research_report_search_price_desc;
`

export const reportSearchPages = sqlMigration('2026.11.25T00.00.12.report-search-pages', up, down)
