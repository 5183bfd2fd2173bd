import type { Edition, Licence, ReportDetail } from '@rpt/contract'
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { HtmlContent } from '../../../components/html-content'
import { LocalLink } from '../../../components/local-link'
import { ReportCover } from '../../../components/report-cover'
import { Skeleton, SkeletonLines } from '../../../components/skeleton'
import { formatDate, formatPrice } from '../../../lib/format'
import { openModal } from '../../../lib/modal-store'
import { useSessionUser } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import { paths } from '../../../lib/paths'
import { summaryHtml } from '../../../lib/rich-summary'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { useCreateResearchOrder } from '../api/create-research-order'
import { useHotReports } from '../api/get-hot-reports'
import { useReport, useReportSeo } from '../api/get-report'
import { useFollowMove } from '../../../lib/moved-record'
import './report-detail.css'
import { RecordPage } from '../../../components/record-page'

const EDITIONS: Edition[] = ['standard', 'professional']
const LICENCES: Licence[] = ['single', 'multi', 'enterprise']

export default function ReportDetailPage({ params }: { params: Record<string, string | undefined> }) {
  const t = useT()
  const locale = useLocale()
  // A link to a renamed report's old slug: go to its new address, as the server's 301 does.
  const state = useFollowMove(useReport(locale, params.webTitle), locale, paths.report)
  const { data: seo } = useReportSeo(locale, params.webTitle)
  return (
    <RecordPage
      state={state}
      list={{ label: t('nav.reports'), to: '/report-industries', back: t('reports.backToList') }}
      notFound={t('reports.notFound')}
      pageTitle={t('title.reportDetail')}
      titleOf={(d) => d.title}
      seoTitle={seo?.seoTitle}
      crumbs={(d) => [{ label: d.marketTypeName, to: paths.reports(d.marketType) }, { label: d.title }]}
    >
      {(data) => (!data ? <DetailSkeleton /> : <Detail report={data} />)}
    </RecordPage>
  )
}

function DetailSkeleton() {
  return (
    <div className="report-top page-section" aria-busy="true">
      <div className="report-head">
        <Skeleton width="160px" height={216} />
        <div style={{ flex: 1, display: 'grid', gap: 12 }}>
          <SkeletonLines
            lines={[
              [28, '90%'],
              [28, '60%'],
              [16, '50%'],
              [16, '95%'],
              [16, '85%'],
            ]}
          />
        </div>
      </div>
      <Skeleton height={360} />
    </div>
  )
}

function Detail({ report }: { report: ReportDetail }) {
  const t = useT()
  const locale = useLocale()
  const [edition, setEdition] = useState<Edition>('standard')
  const [licence, setLicence] = useState<Licence>('single')
  const priceOf = (e: Edition, l: Licence) => report.prices.find((p) => p.edition === e && p.licence === l)?.price
  const fallback: Record<Licence, number | null> = { single: report.price, multi: report.multiPrice, enterprise: report.enterprisePrice }
  const selectedPrice = priceOf(edition, licence) ?? fallback[licence] ?? undefined
  const editionLabel = t(`reports.edition.${edition}`)
  const licenceLabel = t(`reports.licence.${licence}`)
  const hot = useHotReports(locale, 6)
  const user = useSessionUser()
  const { trigger: createOrder, isMutating: creating } = useCreateResearchOrder()

  const buyOnline = async () => {
    if (!user) {
      showToast(t('pay.needLogin'))
      openModal({ mode: 'login' })
      return
    }
    if (creating) return
    try {
      const order = await createOrder({ reportId: report.id, edition, licence })
      openModal({ mode: 'research-email', order })
    } catch {
      // The api client has shown the reason (e.g. an unpaid order for this report exists).
    }
  }

  const requestSample = () =>
    openModal({ mode: 'custom', type: '1', reportId: report.id, reportPrice: selectedPrice, reportTitle: report.title })
  const order = () =>
    openModal({
      mode: 'custom',
      type: '1',
      reportId: report.id,
      reportPrice: selectedPrice,
      reportTitle: report.title,
      demand: t('reports.orderDemand', {
        title: report.title,
        edition: editionLabel,
        licence: licenceLabel,
        price: formatPrice(selectedPrice, report.currency, locale),
      }),
    })

  return (
    <>
      <div className="report-top page-section">
        <div className="report-head">
          <ReportCover
            title={report.title}
            category={report.marketTypeName}
            categoryKey={report.marketType}
            mark={t('site.name')}
            size="large"
          />
          <div className="report-head-body">
            <h1 className="article-title report-title">{report.title}</h1>
            <dl className="report-facts">
              <div>
                <dt>{t('reports.code')}</dt>
                <dd className="num">{report.reportCode}</dd>
              </div>
              <div>
                <dt>{t('reports.publishDate')}</dt>
                <dd className="num">{formatDate(report.publishDate)}</dd>
              </div>
              <div>
                <dt>{t('reports.category')}</dt>
                <dd>
                  <LocalLink to={paths.reports(report.marketType)}>{report.marketTypeName}</LocalLink>
                </dd>
              </div>
              <div>
                <dt>{t('reports.region')}</dt>
                <dd>{t(report.reportRegion === '1' ? 'reports.region.1' : 'reports.region.0')}</dd>
              </div>
              {[
                { term: t('reports.pages'), count: report.pageNum },
                { term: t('reports.charts'), count: report.chart },
              ].map(({ term, count }) =>
                count ? (
                  <div key={term}>
                    <dt>{term}</dt>
                    <dd className="num">{count}</dd>
                  </div>
                ) : null,
              )}
            </dl>
            <HtmlContent html={summaryHtml(report.outline)} className="report-outline" headingsFrom={2} />
          </div>
        </div>

        <aside className="buy-box" aria-labelledby="price-title">
          <h2 id="price-title" className="buy-title">
            {t('reports.priceTable')}
          </h2>
          <div className="table-scroll">
            <table className="price-table">
              <thead>
                <tr>
                  <th scope="col">{t('reports.licence')}</th>
                  {EDITIONS.map((e) => (
                    <th key={e} scope="col">
                      {t(`reports.edition.${e}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {LICENCES.map((l) => (
                  <tr key={l}>
                    <th scope="row">{t(`reports.licence.${l}`)}</th>
                    {EDITIONS.map((e) => {
                      const value = priceOf(e, l) ?? (e === 'standard' ? fallback[l] : null)
                      const checked = edition === e && licence === l
                      return (
                        <td key={e} className={checked ? 'is-selected' : undefined}>
                          <label className="price-option">
                            <input
                              type="radio"
                              name="price-option"
                              checked={checked}
                              disabled={value === null || value === undefined}
                              onChange={() => {
                                setEdition(e)
                                setLicence(l)
                              }}
                              aria-label={`${t(`reports.edition.${e}`)}, ${t(`reports.licence.${l}`)}, ${formatPrice(value, report.currency, locale)}`}
                            />
                            <span className="price num">{formatPrice(value, report.currency, locale)}</span>
                          </label>
                        </td>
                      )
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="buy-selected">
            <span>{t('reports.selected', { edition: editionLabel, licence: licenceLabel })}</span>
            <strong className="price num">{formatPrice(selectedPrice, report.currency, locale)}</strong>
          </p>
          <p className="muted small">{t('reports.currencyNote', { currency: locale === 'zh-CN' ? 'RMB' : 'USD' })}</p>
          <div className="buy-actions">
            <button
              type="button"
              className="button button-primary button-large button-block"
              onClick={() => void buyOnline()}
              disabled={creating}
            >
              {t('pay.buyOnline')}
            </button>
            <button type="button" className="button button-secondary button-block" onClick={requestSample}>
              {t('reports.sample')}
            </button>
            <p className="buy-links">
              <button type="button" className="link-button" onClick={order}>
                {t('reports.order')}
              </button>
              <button type="button" className="link-button" onClick={() => openModal({ mode: 'custom', type: '2' })}>
                {t('reports.custom')}
              </button>
            </p>
          </div>
        </aside>

        <ul className="promises">
          <li>
            <strong>{t('reports.promise.delivery')}</strong>
            <span>{t('reports.promise.deliveryText')}</span>
          </li>
          <li>
            <strong>{t('reports.promise.formats')}</strong>
            <span>{t('reports.promise.formatsText')}</span>
          </li>
          <li>
            <strong>{t('reports.promise.support')}</strong>
            <span>{t('reports.promise.supportText')}</span>
          </li>
        </ul>
      </div>

      <div className="detail-layout report-body">
        <ReportTabs report={report} />
        <aside>
          <section className="side-box">
            <h2>{t('reports.hot')}</h2>
            <ol className="side-list">
              {(hot.data ?? [])
                .filter((r) => r.id !== report.id)
                .slice(0, 5)
                .map((r) => (
                  <li key={r.id}>
                    <LocalLink to={paths.report(r.webTitle)}>{r.title}</LocalLink>
                  </li>
                ))}
            </ol>
          </section>
        </aside>
      </div>
    </>
  )
}

type TabKey = 'summary' | 'contents' | 'scope' | 'charts'

function ReportTabs({ report }: { report: ReportDetail }) {
  const t = useT()
  const baseId = useId()
  const tabs: Array<{ key: TabKey; label: string; html: string }> = [
    { key: 'summary', label: t('reports.tab.summary'), html: report.context || summaryHtml(report.outline) },
    { key: 'contents', label: t('reports.tab.contents'), html: report.directory },
    { key: 'scope', label: t('reports.tab.scope'), html: report.reportScope },
    { key: 'charts', label: t('reports.tab.charts'), html: report.chartsHtml },
  ].filter((tab) => Boolean(tab.html)) as Array<{ key: TabKey; label: string; html: string }>
  const [active, setActive] = useState<TabKey>(tabs[0]?.key ?? 'summary')
  const refs = useRef<Record<string, HTMLButtonElement | null>>({})

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!delta) return
    event.preventDefault()
    const next = tabs[(index + delta + tabs.length) % tabs.length]
    if (next) {
      setActive(next.key)
      refs.current[next.key]?.focus()
    }
  }

  return (
    <section className="report-tabs">
      <div role="tablist" className="tablist" aria-label={report.title}>
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current[tab.key] = el
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.key}`}
            aria-selected={active === tab.key}
            aria-controls={`${baseId}-panel-${tab.key}`}
            tabIndex={active === tab.key ? 0 : -1}
            className={`tab${active === tab.key ? ' is-active' : ''}`}
            onClick={() => setActive(tab.key)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${baseId}-panel-${tab.key}`}
          aria-labelledby={`${baseId}-tab-${tab.key}`}
          hidden={active !== tab.key}
          tabIndex={0}
          className="tabpanel"
        >
          <HtmlContent html={tab.html} className={`report-${tab.key}`} headingsFrom={2} />
        </div>
      ))}
    </section>
  )
}
