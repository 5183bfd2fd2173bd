export interface NewsSummary {
  id: string
  title: string
  webTitle: string
  marketType: string
  marketTypeName: string
  marketCategory: string
  marketCategoryName: string
  keyword: string
  outline: string
  publishDate: string
}

export interface NewsDetail extends NewsSummary {
  context: string
}

export interface NewsLink {
  id: string
  title: string
  webTitle: string
  publishDate: string
}
