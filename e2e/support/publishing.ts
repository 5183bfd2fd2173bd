// The publishing journey's reads of the public site, as plain HTTP against one
// BFF instance: the list, a category's count, the search and the sitemap. Each
// takes the instance's origin, so the journey can ask both instances the
// stack runs (siteUrl and siteUrl2) whether a published change reached them.
import type { Edition } from './browser.ts'

/** A small, valid one-page PDF (its xref offsets computed), unique by its text. */
export function minimalPdf(text: string): Buffer {
  const content = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(body.length)
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}

/**
 * Polls a condition until it holds (no fixed sleeps), failing with its name
 * once `deadline` (epoch ms) has passed. Answers when the attempt that held
 * began (epoch ms): what it saw was there by then or soon after, however
 * long a loaded machine took to answer it.
 */
export async function waitUntil(what: string, deadline: number, check: () => Promise<boolean>): Promise<number> {
  let last: unknown
  for (;;) {
    const began = Date.now()
    if (
      await check().catch((error: unknown) => {
        last = error
        return false
      })
    )
      return began
    if (Date.now() > deadline) throw new Error(`not ${what} in time${last instanceof Error ? ` (last failure: ${last.message})` : ''}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** A public read through one BFF instance, as the site's pages call it. */
async function publicApi<T>(siteUrl: string, apiPath: string, body: object): Promise<{ code: number; data: T }> {
  const response = await fetch(`${siteUrl}/api${apiPath}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', Origin: siteUrl, Accept: 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = (await response.json()) as { code: number; data: T }
  if (answer.code !== 200) throw new Error(`${apiPath} at ${siteUrl} answered ${JSON.stringify(answer)}`)
  return answer
}

/**
 * Every <loc> of an edition's report sitemaps as one instance serves them,
 * found through its sitemap index. Both instances share one public origin
 * (SITE_URL), so the child sitemaps the index names are fetched from the
 * instance asked, not from the origin the <loc> says.
 */
export async function reportsInSitemap(siteUrl: string, edition: 'zh' | 'en'): Promise<string[]> {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
  const index = await (await fetch(`${siteUrl}/sitemap.xml`)).text()
  const files = locs(index).filter((loc) => new RegExp(`/sitemaps/${edition}-reports-\\d+\\.xml$`).test(loc))
  const all: string[] = []
  for (const file of files) all.push(...locs(await (await fetch(`${siteUrl}${new URL(file).pathname}`)).text()))
  return all
}

/** What the report list answers (contract: ReportPageListData), as far as these checks read it. */
interface ReportPage {
  pageList: { list: Array<{ webTitle: string }>; count: number }
}

interface CategoryFacet {
  marketType: string
  marketTypeName: string
  marketCount: number
}

export async function categoryCount(siteUrl: string, edition: Edition, marketType: string): Promise<number> {
  const body = await publicApi<CategoryFacet[]>(siteUrl, '/report/researchReport/categoryList', { lang: edition })
  return body.data.find((c) => c.marketType === marketType)?.marketCount ?? 0
}

/** Whether the category's list (newest first, every page) holds the slug. */
export async function listedInCategory(siteUrl: string, edition: Edition, marketType: string, slug: string): Promise<boolean> {
  for (let pageNo = 1; pageNo <= 20; pageNo += 1) {
    const body = await publicApi<ReportPage>(siteUrl, '/report/researchReport/pageList', {
      lang: edition,
      marketType,
      sort: 'latest',
      pageNo,
      pageSize: 100,
    })
    if (body.data.pageList.list.some((r) => r.webTitle === slug)) return true
    if (pageNo * 100 >= body.data.pageList.count) return false
  }
  return false
}

export async function searchFinds(siteUrl: string, edition: Edition, keyword: string, slug: string): Promise<boolean> {
  const body = await publicApi<ReportPage>(siteUrl, '/report/researchReport/pageList', {
    lang: edition,
    keyword,
    pageSize: 100,
  })
  return body.data.pageList.list.some((r) => r.webTitle === slug)
}

/** Whether the old slug answers 301 to the new one's path at this instance. */
export async function redirectsTo(siteUrl: string, from: string, to: string): Promise<boolean> {
  const response = await fetch(`${siteUrl}${from}`, { redirect: 'manual' })
  return response.status === 301 && new URL(response.headers.get('location') ?? '', siteUrl).pathname === to
}
