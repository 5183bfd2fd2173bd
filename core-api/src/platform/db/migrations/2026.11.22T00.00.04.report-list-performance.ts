import { sqlMigration } from '../sql-migration.ts'

// The report list's facets (category, price band, publish year) count over
// every published report of a language. Report rows are wide (summary, table
// of contents, scope, charts), so counting from the heap reads the whole
// catalogue; this index holds every column the facets read, so they are
// answered by index-only scans once the table is vacuumed.
const up = `
CREATE INDEX research_report_facets ON research_report (lang, status, market_type, publish_date, price, report_region);
`

const down = `
DROP INDEX IF EXISTS research_report_facets;
`

export const reportListPerformance = sqlMigration('2026.11.22T00.00.04.report-list-performance', up, down)
