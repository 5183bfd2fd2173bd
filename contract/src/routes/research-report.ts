import { Type } from 'typebox'
import { LangOnlyBody } from '../fields.ts'
import {
  HotReportsQuery,
  PublishDateFacet,
  PublishDateListBody,
  ReportCategoryFacet,
  ReportDetail,
  ReportFormQuery,
  ReportListItem,
  ReportPageListBody,
  ReportPageListData,
} from '../research-report.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

const categories = { body: LangOnlyBody, data: Type.Array(ReportCategoryFacet) }

export const researchReportRoutes = defineRoutes(CALLS.researchReport, ['Research reports'], {
  pageList: {
    summary: 'Report list with category, price-band and publish-year facets counted under the current filters',
    description:
      'Accepts both legacy spellings: keyword/queryKeyword, price/queryPrice (band value), publishDate/queryPublishDate (year); priceStr/priceEnd and publishDateStr/publishDateEnd give custom ranges.',
    body: ReportPageListBody,
    data: ReportPageListData,
  },
  form: { summary: 'One report by id or webTitle (a slug may end in -{id})', querystring: ReportFormQuery, data: ReportDetail },
  hotReports: { summary: 'Hot reports for the home page', querystring: HotReportsQuery, data: Type.Array(ReportListItem) },
  publishDateList: { summary: 'Publish years with report counts', body: PublishDateListBody, data: Type.Array(PublishDateFacet) },
  categoryList: { summary: 'Report categories with report counts', ...categories },
  // The earlier clients' name for the same list.
  marketTypeList: { summary: 'Legacy name of categoryList: report categories with report counts', ...categories },
})
