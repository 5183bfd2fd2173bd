// Canonical site paths (edition-neutral; LocalLink adds /en). Empty optional
// filters become 'all' so later segments keep their position.

/** Placeholder segment for an empty optional filter: /report-industries/all/{keyword}. */
export const ANY = 'all'

/** Canonical links, built from parts so that empty filters become 'all'. */
export const paths = {
  reports: (category?: string, keyword?: string) =>
    keyword
      ? `/report-industries/${enc(category || ANY)}/${enc(keyword)}`
      : category
        ? `/report-industries/${enc(category)}`
        : '/report-industries',
  report: (webTitle: string) => `/reports/${enc(webTitle)}`,
  news: (marketType?: string, marketCategory?: string, keyword?: string) => {
    const parts = [marketType, marketCategory, keyword]
    while (parts.length && !parts[parts.length - 1]) parts.pop()
    return parts.length ? `/news-categories/${parts.map((p) => enc(p || ANY)).join('/')}` : '/news-categories'
  },
  newsDetail: (webTitle: string) => `/news/${enc(webTitle)}`,
  bulletins: (marketType?: string, topLabelId?: string, keyword?: string) => {
    const parts = [marketType, topLabelId, keyword]
    while (parts.length && !parts[parts.length - 1]) parts.pop()
    return parts.length ? `/bulletin/bulletin-think-tank/${parts.map((p) => enc(p || ANY)).join('/')}` : '/bulletin'
  },
  bulletin: (webTitle: string) => `/bulletin/bulletin-detail/${enc(webTitle)}`,
}

function enc(value: string): string {
  return encodeURIComponent(value)
}
