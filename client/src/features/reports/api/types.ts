export interface ReportSummary {
  id: string
  title: string
  webTitle: string
  marketType: string
  marketTypeName: string
  reportCode: string
  publishDate: string
  outline: string
  pageNum: number | null
  chart: number | null
  reportRegion: string
  price: number | null
  multiPrice: number | null
  enterprisePrice: number | null
  currency: string
}

export type Edition = 'standard' | 'professional'
export type Licence = 'single' | 'multi' | 'enterprise'

export interface ReportDetail extends ReportSummary {
  context: string
  directory: string
  reportScope: string
  chartsHtml: string
  hasFile: boolean
  prices: Array<{ edition: Edition; licence: Licence; price: number }>
  alternates: Array<{ lang: string; webTitle: string }>
}
