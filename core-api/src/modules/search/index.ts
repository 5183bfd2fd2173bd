// The report list's search (docs/search.md): a list query in, a page out.
// What it keeps, its gates and the keywords it counts stay inside.

export type { Facets } from './facets.ts'
export type { ListQuery, ReportListFilters, Sort } from './list-query.ts'
export { LIST_COLUMNS, type ListRow } from './list-rows.ts'
export type { CountListQuery } from './plans/count-lists.ts'
export type { SearchPage } from './plans/context.ts'
export type { SearchSettings } from './settings.ts'

export { createSearch, type Search } from './report-search.ts'
export { compactKeywordCounts } from './keyword-counts.ts'
export { default as reportSearch } from './plugin.ts'
