import type { StaffReport } from '@rpt/contract'
// Test data shaped as the core API answers it.

/** A report detail (`/report/researchReport/detail`'s data), with what a test needs changed. */
export function reportDetail(overrides: Record<string, unknown> = {}) {
  return {
    id: '2',
    title: 'China EV Power Battery Market Report 2026-2032',
    webTitle: 'ev-power-battery-2026',
    marketType: 'automotive',
    marketTypeName: 'Automotive',
    reportCode: 'HZ26AU1060',
    publishDate: '2026-10-03',
    outline: 'Outline text',
    pageNum: 295,
    chart: 84,
    reportRegion: '0',
    price: 8900,
    multiPrice: 13400,
    enterprisePrice: 17800,
    currency: 'USD',
    context: '<p>Summary body</p>',
    directory: '<h4>Chapter 1</h4>',
    reportScope: '<p>Scope body</p>',
    chartsHtml: '<ol><li>Chart 1</li></ol>',
    hasFile: false,
    prices: [
      { edition: 'standard', licence: 'single', price: 8900 },
      { edition: 'professional', licence: 'single', price: 13500 },
      { edition: 'standard', licence: 'multi', price: 13400 },
      { edition: 'professional', licence: 'multi', price: 20000 },
      { edition: 'standard', licence: 'enterprise', price: 17800 },
      { edition: 'professional', licence: 'enterprise', price: 26700 },
    ],
    alternates: [] as Array<{ lang: string; webTitle: string }>,
    ...overrides,
  }
}

/** A bulletin as the staff API answers it (getBulletin), at a version and status, with what a test needs changed. */
export function staffBulletin(version: number, status = 'draft', publishAt: string | null = null, overrides: Record<string, unknown> = {}) {
  return {
    id: '42',
    edition: 'en-US',
    status,
    version,
    publishAt,
    updatedAt: '2026-11-20T10:00:00Z',
    updatedBy: 'mei',
    title: 'Hydrogen brief',
    slug: 'hydrogen-brief',
    oldSlugs: [],
    category: 'industry-brief',
    topLabelId: 'energy',
    summary: 'Outline',
    context: '<p>Body</p>',
    publishDate: '2026-11-20',
    pages: 12,
    price: 99.5,
    choiceness: false,
    seoTitle: '',
    seoDescription: '',
    cover: null,
    file: null,
    ...overrides,
  }
}

type StaffReportLanguage = StaffReport['editions']['en-US']

/** One language of a report as the staff API answers it, with what a test needs changed. */
export const staffReportLanguage = (overrides: Partial<NonNullable<StaffReportLanguage>> = {}): NonNullable<StaffReportLanguage> => ({
  id: '11',
  title: 'EV batteries',
  slug: 'ev-batteries-2026',
  oldSlugs: [],
  category: 'auto',
  region: '1',
  summary: '<p>Summary</p>',
  publishDate: '2026-11-01',
  pages: 120,
  charts: 30,
  hot: false,
  recommended: false,
  seoTitle: '',
  seoDescription: '',
  prices: { single: 1200, multi: 2400, enterprise: null },
  files: {},
  ...overrides,
})

/** A report as the staff API answers it (getReport): R1, a draft in English unless told otherwise. */
export const staffReport = (overrides: Partial<StaffReport> = {}): StaffReport => ({
  code: 'R1',
  status: 'draft',
  version: 3,
  publishAt: null,
  updatedAt: '2026-11-20T10:00:00Z',
  updatedBy: 'mei',
  editions: { 'en-US': staffReportLanguage() },
  ...overrides,
})
