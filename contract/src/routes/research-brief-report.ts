import { Type } from 'typebox'
import { LangOnlyBody } from '../fields.ts'
import {
  BulletinCategoryFacet,
  BulletinCategoryPageBody,
  BulletinDetail,
  BulletinFormQuery,
  BulletinListItem,
  BulletinPage,
  BulletinPageListBody,
  ChoicenessQuery,
  TopLabelFacet,
} from '../research-brief-report.ts'
import { CALLS } from './calls.ts'
import { defineRoutes } from './define.ts'

export const researchBriefReportRoutes = defineRoutes(CALLS.researchBriefReport, ['Bulletins'], {
  categoryList: {
    summary: 'Bulletin sub-types (industry-brief, enterprise-hole-analysis) with bulletin counts',
    description:
      'Every sub-type of dictionary bulletin_type (bulletin_type_en in en-US), in dictionary order, including those with no bulletins.',
    body: LangOnlyBody,
    data: Type.Array(BulletinCategoryFacet),
  },
  categoryPage: {
    summary: 'Bulletin top labels with bulletin counts within an optional sub-type',
    description:
      'Every label of dictionary bulletin_label (bulletin_label_en in en-US), in dictionary order, including those with no bulletins. keyword/queryKeyword narrow the counts like the list.',
    body: BulletinCategoryPageBody,
    data: Type.Array(TopLabelFacet),
  },
  pageList: {
    summary: 'Bulletin list, newest first, filtered by sub-type, top label and keyword',
    description: 'Accepts both legacy keyword spellings: keyword/queryKeyword.',
    body: BulletinPageListBody,
    data: BulletinPage,
  },
  choicenessReports: {
    summary: 'Featured (choiceness) bulletins, newest first',
    querystring: ChoicenessQuery,
    data: Type.Array(BulletinListItem),
  },
  form: { summary: 'One bulletin by id or webTitle (a slug may end in -{id})', querystring: BulletinFormQuery, data: BulletinDetail },
})
