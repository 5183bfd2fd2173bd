import { act } from '@testing-library/react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { App } from '../src/app/app'
import { SCREENS } from '../src/app/screens'
import { buildFallback } from '../src/app/ssr-fallback'
import { buildHead } from '../src/app/ssr-head'
import { planRender } from '../src/app/ssr-plan'
import { readSsrState, serializeSsrState, ssrStateScript, type SsrState } from '../src/app/ssr-state'
import { pageModules, render as renderOnServer } from '../src/entry-server'
import { holdDeferredParts, releaseDeferredParts } from '../src/lib/deferred-part'
import { clearSessionUser, sessionStore } from '../src/lib/session'
import { mockFetch } from './render'
import { reportDetail } from './factories'

// Both of the server's renderers, spied on as they are: which one wrote a page is part of what is tested.
const renderers = vi.hoisted(() => ({ toString: vi.fn(), toStream: vi.fn() }))
vi.mock('react-dom/server', async (importOriginal) => {
  const original = await importOriginal<typeof import('react-dom/server')>()
  renderers.toString.mockImplementation(original.renderToString)
  renderers.toStream.mockImplementation(original.renderToPipeableStream)
  return { ...original, renderToString: renderers.toString, renderToPipeableStream: renderers.toStream }
})

const report = reportDetail({
  outline: '<p>Outline &amp; text</p>',
  alternates: [
    { lang: 'zh-CN', webTitle: 'ev-power-battery-2026' },
    { lang: 'en-US', webTitle: 'ev-power-battery-2026' },
  ],
})

const layout = {
  footer: [
    { configKey: 'en.contact.phone', configValue: '+1 800 555 0100' },
    { configKey: 'en.contact.email', configValue: 'sales@example.com' },
  ],
  reportMenu: [{ dictLabel: 'Automotive', dictValue: 'automotive' }],
  newsMenu: [{ dictLabel: 'Energy', dictValue: 'energy' }],
  bulletinMenu: [],
}

const hot = Array.from({ length: 8 }, (_, i) => ({ ...report, id: String(10 + i), title: `Hot report ${i}`, webTitle: `hot-${i}` }))

let root: Root | undefined
let container: HTMLElement | undefined

afterEach(() => {
  act(() => root?.unmount())
  container?.remove()
  root = undefined
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  window.history.replaceState(null, '', '/')
})

/** Renders a URL as the BFF does, then hydrates it as main.tsx does; returns what went wrong. `beforeHydration` sees the server's markup in the page. */
async function serverRenderThenHydrate(url: string, state: SsrState, beforeHydration: (page: HTMLElement) => void = () => {}) {
  const [pathname, search = ''] = url.split('?') as [string, string?]
  const html = await renderOnServer({ pathname, search, state })
  window.history.replaceState(null, '', url)
  container = document.createElement('div')
  container.id = 'root'
  container.innerHTML = html
  document.body.appendChild(container)
  const serverMain = container.querySelector('main')
  const fetches = mockFetch(() => ({ body: { code: 200, msg: '', data: [] } }))
  const errors: unknown[] = []
  // Only in a test do Fizz and the DOM renderer share one realm; React warns about that in development.
  const sharedRealm = /multiple renderers concurrently rendering the same context provider/
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!sharedRealm.test(String(args[0]))) errors.push(args)
  })
  const screen = state.notFound === pathname ? 'notFound' : planRender(pathname, search).resolved.route.screen
  await SCREENS[screen].preload()
  beforeHydration(container)
  await act(async () => {
    root = hydrateRoot(container!, <App ssr={state} />, { onRecoverableError: (error) => errors.push(error) })
  })
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50))
  })
  return { html, errors, calls: fetches.calls, keptServerMarkup: Boolean(serverMain && container.contains(serverMain)) }
}

describe('server render and hydration', () => {
  it('hydrates a report page from the embedded payload without a mismatch or a request', async () => {
    const url = '/en/reports/ev-power-battery-2026'
    const plan = planRender(url)
    expect(plan.page).toEqual({ name: 'report', query: { webTitle: 'ev-power-battery-2026' } })
    const state: SsrState = { fallback: buildFallback(plan, { ...layout, report, hotReports: hot }) }
    const { html, errors, calls, keptServerMarkup } = await serverRenderThenHydrate(url, state)
    expect(html).toContain(report.title)
    expect(html).toContain('$13,500')
    expect(errors).toEqual([])
    expect(calls).toEqual([])
    expect(keptServerMarkup).toBe(true)
    expect(container!.querySelector('h1')?.textContent).toBe(report.title)
  })

  it("keeps the title the server rendered: the staff's SEO title, else the report's, after hydration", async () => {
    const url = '/en/reports/ev-power-battery-2026'
    const plan = planRender(url)
    const seo = { seoTitle: ' EV batteries 2026 | Outlook ', seoDescription: '' }
    const payload = { ...layout, report, hotReports: hot, seo }
    const head = buildHead({ plan, payload, siteUrl: 'https://x.test' })
    expect(head.title).toBe('EV batteries 2026 | Outlook')
    const { errors, calls } = await serverRenderThenHydrate(url, { fallback: buildFallback(plan, payload) })
    expect(errors).toEqual([])
    expect(calls).toEqual([])
    expect(document.title).toBe(head.title)

    // Without one, both make it from the report.
    act(() => root?.unmount())
    container?.remove()
    const unset = { ...payload, seo: { seoTitle: '', seoDescription: '' } }
    await serverRenderThenHydrate(url, { fallback: buildFallback(plan, unset) })
    expect(document.title).toBe(buildHead({ plan, payload: unset, siteUrl: 'https://x.test' }).title)
    expect(document.title).toBe(`${report.title} - Research Report Detail - Hengzhi Research`)
  })

  it('hydrates as the anonymous page the server sent, then shows the remembered user', async () => {
    sessionStore.set({ id: '7', name: 'Remembered Reader' })
    try {
      const url = '/about'
      const state: SsrState = { fallback: buildFallback(planRender(url), layout) }
      const { html, errors, keptServerMarkup } = await serverRenderThenHydrate(url, state)
      expect(html).not.toContain('Remembered Reader')
      expect(errors).toEqual([])
      expect(keptServerMarkup).toBe(true)
      expect(container!.textContent).toContain('Remembered Reader')
    } finally {
      clearSessionUser()
    }
  })

  it('hydrates the 404 page the server answered for a missing record', async () => {
    const url = '/reports/missing-one'
    const state: SsrState = { fallback: buildFallback(planRender(url), layout), notFound: url }
    const { html, errors, keptServerMarkup } = await serverRenderThenHydrate(url, state)
    expect(html).toContain('404')
    expect(errors).toEqual([])
    expect(keptServerMarkup).toBe(true)
  })

  it('hydrates the 404 page for a missing record under a percent-encoded slug', async () => {
    // 不存在: the path as sent is percent-encoded, while wouter's location is decoded.
    const url = '/reports/%E4%B8%8D%E5%AD%98%E5%9C%A8'
    const state: SsrState = { fallback: buildFallback(planRender(url), layout), notFound: url }
    const { html, errors, calls, keptServerMarkup } = await serverRenderThenHydrate(url, state)
    expect(html).toContain('404')
    expect(errors).toEqual([])
    expect(calls).toEqual([])
    expect(keptServerMarkup).toBe(true)
    expect(container!.querySelector('[aria-busy="true"]')).toBeNull()
    expect(container!.textContent).toContain('不存在')
  })

  it('hydrates a report whose slug holds an escaped percent sign, decoded once as on the server', async () => {
    // The slug is 'growth-100%25' literally; its URL escapes the '%' again.
    const webTitle = 'growth-100%25'
    const url = `/en/reports/${encodeURIComponent(webTitle)}`
    const plan = planRender(url)
    expect(plan.page?.query).toEqual({ webTitle })
    const state: SsrState = { fallback: buildFallback(plan, { ...layout, report: { ...report, webTitle }, hotReports: hot }) }
    const { html, errors, calls, keptServerMarkup } = await serverRenderThenHydrate(url, state)
    expect(html).toContain(report.title)
    expect(errors).toEqual([])
    expect(calls).toEqual([])
    expect(keptServerMarkup).toBe(true)
    expect(container!.querySelector('h1')?.textContent).toBe(report.title)
  })

  it('hydrates a list page whose query comes from the path and the query string', async () => {
    const url = '/en/report-industries/automotive?price=8000&page=2'
    const plan = planRender(url.split('?')[0]!, 'price=8000&page=2')
    expect(plan.page?.query).toEqual({ pageNo: 2, pageSize: 10, marketType: 'automotive', queryPrice: 8000 })
    const list = {
      categories: [{ marketType: 'automotive', marketTypeName: 'Automotive', marketCount: 12 }],
      prices: [{ price: 8000, marketTypeName: '< 8000', marketCount: 12 }],
      publishDates: [{ publishDateValue: '2026', marketTypeName: '2026', marketCount: 12 }],
      pageList: { list: hot.slice(0, 2), count: 12, pageNo: 2, pageSize: 10 },
    }
    const state: SsrState = { fallback: buildFallback(plan, { ...layout, list, hotReports: hot }) }
    const { html, errors, calls } = await serverRenderThenHydrate(url, state)
    expect(html).toContain('Hot report 1')
    expect(errors).toEqual([])
    expect(calls).toEqual([])
  })
})

describe('parts deferred below the fold', () => {
  afterEach(() => releaseDeferredParts())

  it("keep the server's markup until the screen has hydrated, then hydrate it in place without asking for the page's data again", async () => {
    const url = '/en'
    const plan = planRender(url)
    const state: SsrState = {
      fallback: buildFallback(plan, {
        ...layout,
        carousel: [],
        hotReports: hot,
        categories: [{ marketType: 'energy', marketTypeName: 'Energy & Power', marketCount: 11 }],
        mapData: { regions: [{ regionCode: 'cn', regionName: 'China', clients: 3860, reports: 5120 }] },
        latestNews: [{ id: 'n1', title: 'Storage shipments rise', webTitle: 'storage-rise', publishDate: '2026-11-20' }],
      }),
    }
    let footer: Element | null = null
    let category: Element | null = null
    const { html, errors, calls } = await serverRenderThenHydrate(url, state, (page) => {
      footer = page.querySelector('footer')
      category = page.querySelector('.category-tile')
      // As main.tsx: the parts wait while the page hydrates.
      holdDeferredParts()
    })
    // The server's markup holds them: the footer, and home's sections below the hot reports.
    expect(html).toContain('<footer')
    expect(html).toContain('Energy &amp; Power')
    expect(html).toContain('Storage shipments rise')
    expect(errors).toEqual([])
    // Hydrated where they stood (the same elements, now React's), and no request for what came with the page.
    expect(footer).not.toBeNull()
    expect(container!.querySelector('footer')).toBe(footer)
    expect(container!.querySelector('.category-tile')).toBe(category)
    const reactOwned = (node: Element | null) => Boolean(node && Object.keys(node).some((key) => key.startsWith('__reactFiber')))
    expect(reactOwned(footer)).toBe(true)
    expect(reactOwned(category)).toBe(true)
    expect(calls).toEqual([])
  })
})

describe('the server render', () => {
  const url = '/en/reports/ev-power-battery-2026'
  const state = (): SsrState => ({ fallback: buildFallback(planRender(url), { ...layout, report, hotReports: hot }) })

  it('writes a page whose data is in place in one synchronous pass, the markup the stream writes', async () => {
    renderers.toString.mockClear()
    renderers.toStream.mockClear()
    const html = await renderOnServer({ pathname: url, search: '', state: state() })
    expect(renderers.toString).toHaveBeenCalledTimes(1)
    expect(renderers.toStream).not.toHaveBeenCalled()
    // The same page through the stream, as a page that suspends is written.
    renderers.toString.mockImplementationOnce(() => '<!--$!--><template></template><!--/$-->')
    const streamed = await renderOnServer({ pathname: url, search: '', state: state() })
    expect(renderers.toStream).toHaveBeenCalledTimes(1)
    expect(streamed).toBe(html)
    expect(html).toContain(report.title)
  })

  it('takes the stream when the one pass throws, and fails as the stream fails', async () => {
    renderers.toStream.mockClear()
    renderers.toString.mockImplementationOnce(() => {
      throw new Error('a component suspended while responding to synchronous input')
    })
    const html = await renderOnServer({ pathname: url, search: '', state: state() })
    expect(renderers.toStream).toHaveBeenCalledTimes(1)
    expect(html).toContain(report.title)
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const broken = { fallback: { ...state().fallback } }
    for (const key of Object.keys(broken.fallback)) if (key.includes('report')) broken.fallback[key] = { title: 1, prices: 'not a list' }
    await expect(renderOnServer({ pathname: url, search: '', state: broken })).rejects.toThrow()
  })
})

describe('the modules a server-rendered page preloads', () => {
  it('are its screen and its edition’s page catalogue, with the on-demand words for a screen that waits for them', () => {
    expect(pageModules('home', 'zh-CN')).toEqual(['src/features/home/components/home-page.tsx', 'src/locales/zh-CN.ts'])
    expect(pageModules('market', 'en-US')).toEqual([
      'src/features/custom-request/components/market-page.tsx',
      'src/locales/en-US.ts',
      'src/locales/on-demand/en-US.ts',
    ])
  })
})

describe('the embedded state', () => {
  it('cannot close its script element or break a JavaScript parser', () => {
    const state: SsrState = { fallback: { key: '</script><script>alert(1)</script>\u2028\u2029<!-- a & b > c' } }
    const text = serializeSsrState(state)
    expect(text).not.toMatch(/<\/?script|<!--|\u2028|\u2029/i)
    expect(text).not.toMatch(/[<>&]/)
    expect(JSON.parse(text)).toEqual(state)
    document.body.insertAdjacentHTML('beforeend', ssrStateScript(state))
    expect(readSsrState()).toEqual(state)
    document.getElementById('rpt-ssr-state')?.remove()
  })
})

describe('the head', () => {
  it('describes a report with its canonical URL, both editions and a Product offer per edition × licence', () => {
    const plan = planRender('/en/reports/ev-power-battery-2026')
    const head = buildHead({ plan, payload: { ...layout, report }, siteUrl: 'https://www.example.test' })
    expect(head.title).toBe(`${report.title} - Research Report Detail - Hengzhi Research`)
    expect(head.tags).toContain('<meta name="description" content="Outline &amp; text">')
    expect(head.tags).toContain('<link rel="canonical" href="https://www.example.test/en/reports/ev-power-battery-2026">')
    expect(head.tags).toContain('<link rel="alternate" hreflang="zh-CN" href="https://www.example.test/reports/ev-power-battery-2026">')
    const ld = [...head.tags.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!))
    const product = ld.find((d) => d['@type'] === 'Product')
    expect(product.offers).toHaveLength(6)
    expect(product.offers[1]).toMatchObject({ '@type': 'Offer', name: 'Professional - Single user', price: 13500, priceCurrency: 'USD' })
    expect(ld.find((d) => d['@type'] === 'BreadcrumbList').itemListElement.map((i: { name: string }) => i.name)).toEqual([
      'Home',
      'Research Report',
      report.title,
    ])
  })

  it("uses the staff's SEO title and description where set, and the report's own where not", () => {
    const plan = planRender('/en/reports/ev-power-battery-2026')
    const seo = { seoTitle: ' EV batteries 2026 | "Outlook" ', seoDescription: 'Size <and> share\n of the market' }
    const head = buildHead({ plan, payload: { ...layout, report, seo }, siteUrl: 'https://x.test' })
    expect(head.title).toBe('EV batteries 2026 | "Outlook"')
    expect(head.tags).toContain('<meta property="og:title" content="EV batteries 2026 | &quot;Outlook&quot;">')
    expect(head.tags).toContain('<meta name="description" content="Size &lt;and&gt; share of the market">')
    expect(head.tags).toContain('<meta property="og:description" content="Size &lt;and&gt; share of the market">')
    // The structured data still names the report.
    expect(head.tags).toContain(`"name":${JSON.stringify(report.title)}`)
    const unset = buildHead({ plan, payload: { ...layout, report, seo: { seoTitle: '', seoDescription: ' ' } }, siteUrl: 'https://x.test' })
    expect(unset.title).toBe(`${report.title} - Research Report Detail - Hengzhi Research`)
    expect(unset.tags).toContain(`<meta property="og:title" content="${report.title}">`)
    expect(unset.tags).toContain('<meta name="description" content="Outline &amp; text">')
    const without = buildHead({ plan, payload: { ...layout, report, seo: null }, siteUrl: 'https://x.test' })
    expect(without.title).toBe(unset.title)
  })

  it('titles a category list as the screen does, with the category page as canonical', () => {
    const plan = planRender('/en/report-industries/automotive', 'page=2')
    const list = {
      categories: [{ marketType: 'automotive', marketTypeName: 'Automotive', marketCount: 3 }],
      prices: [],
      publishDates: [],
      pageList: { list: [], count: 0, pageNo: 2, pageSize: 10 },
    }
    const head = buildHead({ plan, payload: { ...layout, list }, siteUrl: 'https://x.test' })
    expect(head.title).toBe('Automotive - Research Report - Hengzhi Research')
    expect(head.tags).toContain('<link rel="canonical" href="https://x.test/en/report-industries/automotive?page=2">')
    expect(head.tags).toContain('<link rel="alternate" hreflang="zh-CN" href="https://x.test/report-industries/automotive?page=2">')
  })

  it('marks a 404 as not to be indexed and offers no alternates', () => {
    const head = buildHead({ plan: planRender('/nowhere'), payload: layout, siteUrl: 'https://x.test', notFound: true })
    expect(head.title).toBe('页面不存在 - 恒智研究')
    expect(head.tags).toContain('noindex')
    expect(head.tags).not.toContain('hreflang')
  })

  it('leaves the personal centre to the client', () => {
    expect(planRender('/personalCenter/myInfo').page).toBeNull()
    expect(planRender('/en/personalCenter/moreOrders').page).toBeNull()
  })
})
