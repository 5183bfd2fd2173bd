import { ArticleCover } from '../../../components/article-cover'
import { HtmlContent } from '../../../components/html-content'
import { LocalLink } from '../../../components/local-link'
import { ArticleSkeleton } from '../../../components/skeleton'
import { openModal } from '../../../lib/modal-store'
import { paths } from '../../../lib/paths'
import { useLocale } from '../../../lib/use-locale'
import { useT } from '../../../lib/use-t'
import { useFollowMove } from '../../../lib/moved-record'
import { useNewsDetail } from '../api/get-news-detail'
import { useTopNews } from '../api/get-top-news'
import { RecordPage } from '../../../components/record-page'

export default function NewsDetailPage({ params }: { params: Record<string, string | undefined> }) {
  const t = useT()
  const locale = useLocale()
  // A link to a renamed article's old slug: go to its new address, as the server's 301 does.
  const answer = useFollowMove(useNewsDetail(locale, params.webTitle), locale, paths.newsDetail)
  const top = useTopNews(locale, 6)

  return (
    <RecordPage
      state={answer}
      list={{ label: t('nav.news'), to: '/news-categories', back: t('news.backToList') }}
      notFound={t('news.notFound')}
      pageTitle={t('title.newsDetail')}
      titleOf={(d) => d.vo.title}
      crumbs={(d) => [{ label: d.vo.marketTypeName, to: paths.news(d.vo.marketType) }, { label: d.vo.title }]}
    >
      {(data) => (
        <div className="detail-layout page-section">
          <article>
            {!data ? (
              <ArticleSkeleton paragraphs={3} />
            ) : (
              <>
                <h1 className="article-title">{data.vo.title}</h1>
                <p className="meta">
                  <span className="tag">{data.vo.marketTypeName}</span>
                  <span>{data.vo.marketCategoryName}</span>
                  <time className="num" dateTime={data.vo.publishDate.replace(' ', 'T')}>
                    {data.vo.publishDate.slice(0, 16)}
                  </time>
                </p>
                <ArticleCover filePath={data.vo.filePath} fileName={data.vo.fileName} />
                <HtmlContent html={data.vo.context} headingsFrom={2} />
                {data.vo.keyword && (
                  <p className="active-filters">
                    {data.vo.keyword
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
      )}
    </RecordPage>
  )
}
