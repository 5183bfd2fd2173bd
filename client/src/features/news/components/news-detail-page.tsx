import { Breadcrumb } from '../../../components/breadcrumb'
import { HtmlContent } from '../../../components/html-content'
import { LocalLink } from '../../../components/local-link'
import { ArticleSkeleton } from '../../../components/skeleton'
import { isMissingRecord, RecordUnavailable } from '../../../components/state-message'
import { openModal } from '../../../lib/modal-store'
import { paths } from '../../../lib/paths'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { useNewsDetail } from '../api/get-news-detail'
import { useTopNews } from '../api/get-top-news'

export default function NewsDetailPage({ params }: { params: Record<string, string | undefined> }) {
  const t = useT()
  const locale = useLocale()
  const { data, error, isLoading, mutate } = useNewsDetail(locale, params.webTitle)
  const top = useTopNews(locale, 6)
  const article = data?.vo
  useDocumentTitle(article ? `${article.title} - ${t('title.newsDetail')}` : t('title.newsDetail'))

  if (error && !data) {
    return (
      <RecordUnavailable
        missing={isMissingRecord(error)}
        title={t('news.notFound')}
        backTo="/news-categories"
        backLabel={t('news.backToList')}
        onRetry={() => void mutate()}
      />
    )
  }

  return (
    <div className="container">
      <Breadcrumb
        items={[
          { label: t('nav.news'), to: '/news-categories' },
          ...(article ? [{ label: article.marketTypeName, to: paths.news(article.marketType) }, { label: article.title }] : []),
        ]}
      />
      <div className="detail-layout page-section">
        <article>
          {isLoading || !article ? (
            <ArticleSkeleton paragraphs={3} />
          ) : (
            <>
              <h1 className="article-title">{article.title}</h1>
              <p className="meta">
                <span className="tag">{article.marketTypeName}</span>
                <span>{article.marketCategoryName}</span>
                <time className="num" dateTime={article.publishDate.replace(' ', 'T')}>
                  {article.publishDate.slice(0, 16)}
                </time>
              </p>
              <HtmlContent html={article.context} />
              {article.keyword && (
                <p className="active-filters">
                  {article.keyword
                    .split(/[,，]/)
                    .filter(Boolean)
                    .map((k) => (
                      <LocalLink key={k} to={paths.news(undefined, undefined, k.trim())} className="chip">
                        {k.trim()}
                      </LocalLink>
                    ))}
                </p>
              )}
              <nav className="prev-next" aria-label={`${t('news.previous')} / ${t('news.next')}`}>
                <div>
                  <span className="label">{t('news.previous')}</span>
                  {data.last ? (
                    <LocalLink to={paths.newsDetail(data.last.webTitle)}>{data.last.title}</LocalLink>
                  ) : (
                    <span className="muted">{t('news.none')}</span>
                  )}
                </div>
                <div className="next">
                  <span className="label">{t('news.next')}</span>
                  {data.next ? (
                    <LocalLink to={paths.newsDetail(data.next.webTitle)}>{data.next.title}</LocalLink>
                  ) : (
                    <span className="muted">{t('news.none')}</span>
                  )}
                </div>
              </nav>
            </>
          )}
        </article>
        <aside>
          <section className="side-box">
            <h2>{t('news.top')}</h2>
            <ol className="side-list">
              {(top.data ?? []).map((n) => (
                <li key={n.id}>
                  <LocalLink to={paths.newsDetail(n.webTitle)}>{n.title}</LocalLink>
                  <span className="muted small num">{n.publishDate.slice(0, 10)}</span>
                </li>
              ))}
            </ol>
          </section>
          <section className="side-box side-cta">
            <h2>{t('home.customTitle')}</h2>
            <p className="small muted">{t('home.customText')}</p>
            <button type="button" className="button button-primary button-block" onClick={() => openModal({ mode: 'custom', type: '2' })}>
              {t('home.customAction')}
            </button>
          </section>
        </aside>
      </div>
    </div>
  )
}
