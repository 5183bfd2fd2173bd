export interface BulletinSummary {
  id: string
  title: string
  webTitle: string
  marketType: string
  marketTypeName: string
  topLabelId: string
  topLabelName: string
  outline: string
  publishDate: string
  pageNum: number | null
  price: number
  currency: string
  hasFile: boolean
}

export interface BulletinDetail extends BulletinSummary {
  context: string
}
