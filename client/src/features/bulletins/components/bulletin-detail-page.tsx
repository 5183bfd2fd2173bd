import { ArticleCover } from '../../../components/article-cover'
import { HtmlContent } from '../../../components/html-content'
import { LocalLink } from '../../../components/local-link'
import { ArticleSkeleton } from '../../../components/skeleton'
import { formatDate, formatPrice } from '../../../lib/format'
import { openModal } from '../../../lib/modal-store'
import { paths } from '../../../lib/paths'
import { useSessionUser } from '../../../lib/session'
import { showToast } from '../../../lib/toast'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { useFollowMove } from '../../../lib/moved-record'
import { useBulletin } from '../api/get-bulletin'
import './bulletins.css'
import { RecordPage } from '../../../components/record-page'
import { isMissingRecord } from '../../../lib/missing-record'

export default function BulletinDetailPage({ params }: { params: Record<string, string | undefined> }) {
  const t = useT()
  const locale = useLocale()
  const ref = { ...(params.webTitle ? { webTitle: params.webTitle } : {}), ...(params.id ? { id: params.id } : {}) }
  // A link to a renamed bulletin's old slug: go to its new address, as the server's 301 does.
  const answer = useFollowMove(useBulletin(locale, ref), locale, paths.bulletin)
  const user = useSessionUser()

  return (
    <RecordPage
      state={answer}
      // Without an id nothing can be found, and a bulletin gone stays gone even if it was shown before.
      gone={(!params.webTitle && !params.id) || isMissingRecord(answer.error)}
      list={{ label: t('nav.bulletin'), to: '/bulletin', back: t('bulletin.backToList') }}
      notFound={t('bulletin.notFound')}
      pageTitle={t('title.bulletinDetail')}
      titleOf={(d) => d.title}
      crumbs={(d) => [{ label: d.marketTypeName, to: paths.bulletins(d.marketType) }, { label: d.title }]}
    >
      {(data) => (
        <div className="detail-layout page-section">
          <article>
            {!data ? (
              <ArticleSkeleton />
            ) : (
              <>
                <h1 className="article-title">{data.title}</h1>
                <p className="meta">
                  <span className="tag">{data.marketTypeName}</span>
                  <LocalLink to={paths.bulletins(data.marketType, data.topLabelId)}>{data.topLabelName}</LocalLink>
                  <span className="num">{formatDate(data.publishDate)}</span>
                  {data.pageNum ? <span className="num">{t('common.pages', { count: data.pageNum })}</span> : null}
                </p>
                <ArticleCover filePath={data.filePath} fileName={data.fileName} />
                <p className="lead-outline">{data.outline}</p>
                <HtmlContent html={data.context} headingsFrom={2} />
              </>
            )}
          </article>
          <aside>
            {data && (
              <section className="side-box bulletin-buy">
                <h2>{t('bulletin.price')}</h2>
                <p className="price num bulletin-detail-price">{formatPrice(data.price, data.currency, locale)}</p>
                {data.hasFile && <p className="small muted">{t('bulletin.includesFile')}</p>}
                <div className="buy-actions">
                  <button
                    type="button"
                    className="button button-primary button-block button-large"
                    onClick={() => {
                      if (!user) {
                        showToast(t('pay.needLogin'))
                        openModal({ mode: 'login' })
                        return
                      }
                      openModal({
                        mode: 'pay',
                        target: {
                          kind: 'brief',
                          researchBriefReportId: data.id,
                          title: data.title,
                          payPrice: data.price,
                          currency: data.currency,
                        },
                      })
                    }}
                  >
                    {t('pay.buyBulletin')}
                  </button>
                  <LocalLink to="/contactUs" className="button button-secondary button-block">
                    {t('bulletin.askUs')}
                  </LocalLink>
                </div>
              </section>
            )}
          </aside>
        </div>
      )}
    </RecordPage>
  )
}
